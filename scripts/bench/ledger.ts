import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { readCorpus } from '@carb/episodes';
import { ledgerTrace, unionFirstStep } from '@carb/ledger';
import { agentDojoLedgerPipeline } from '../ledger-agreement.ts';

const RUNS = resolve(fileURLToPath(import.meta.url), '../../../../shared/corpora/agentdojo-runs/runs');

/** Ledger traces over the shared AgentDojo corpus: best of 5 passes, episodes/s and steps/s. */
export function bench(): string[] {
  if (!existsSync(RUNS)) return [`ledger: skipped, ${RUNS} not found`];
  const { episodes } = readCorpus([RUNS]);
  const pipeline = agentDojoLedgerPipeline();
  const steps = episodes.reduce((n, e) => n + e.steps.length, 0);
  let best = Infinity;
  let positive = 0;
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    positive = 0;
    for (const e of episodes) if (unionFirstStep(ledgerTrace(e, pipeline)) >= 0) positive++;
    best = Math.min(best, performance.now() - t0);
  }
  return [
    `ledger traces: ${episodes.length} episodes (${steps} steps, ${positive} ledger-positive) in ${best.toFixed(1)} ms (best of 5)`,
    `ledger throughput: ${Math.round((episodes.length / best) * 1000)} episodes/s, ${Math.round((steps / best) * 1000)} steps/s`,
  ];
}
