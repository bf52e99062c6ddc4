// Latency of one gate decision in-process (issue 23): `propose` of loadGate's gate object (openGate:
// score on the selected context, explanation kept, as `carb gate` decides) over every proposal of
// the shared AgentDojo runs, at λ = 1 so no episode stops early and every logged step is decided.
// The paper's gate needs no extra model call; this shows what the decision itself costs.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openGate, resolveGate } from '@carb/deploy';
import { eligibleForCalibration, readCorpus, type Episode } from '@carb/episodes';

const RUNS = resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/corpora/agentdojo-runs/runs');

/** Nanoseconds of each propose over every episode's steps (observe between them, not timed). */
function proposeTimes(episodes: readonly Episode[]): number[] {
  const resolved = resolveGate({ method: 'g-carb', lambda: '1' });
  const times: number[] = [];
  for (const ep of episodes) {
    const gate = openGate(resolved, { episodeId: ep.id });
    for (const s of ep.steps) {
      const external = ep.externalScores?.[s.index];
      const call = {
        tool: s.tool,
        args: s.args,
        ...(s.provenance ? { provenance: s.provenance } : {}),
        ...(external !== undefined ? { externalScore: external } : {}),
      };
      const t0 = process.hrtime.bigint();
      const v = gate.propose(call);
      times.push(Number(process.hrtime.bigint() - t0));
      if (v.decision === 'stop') break;
      gate.observe({ result: s.result, error: s.error });
    }
  }
  return times;
}

/** The q-quantile (nearest rank) of sorted values. */
const quantile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

export function bench(): string[] {
  if (!existsSync(RUNS)) return [`skipped: ${RUNS} not found`];
  const episodes = readCorpus([RUNS], { format: 'agentdojo' }).episodes.filter((e) => eligibleForCalibration(e));
  // a first pass warms the JIT; the second is the one reported
  proposeTimes(episodes);
  const times = proposeTimes(episodes).sort((a, b) => a - b);
  const us = (ns: number) => (ns / 1000).toFixed(1);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return [
    `gate.propose (g-carb selector, λ = 1, explanation kept): ${times.length} proposals of ${episodes.length} episodes`,
    `p50 ${us(quantile(times, 0.5))} µs, p99 ${us(quantile(times, 0.99))} µs, mean ${us(mean)} µs, max ${us(times.at(-1)!)} µs`,
  ];
}
