// Single-pass vs naive (Algorithm 1) replay on the shared AgentDojo corpus, measured in one run.
import { existsSync } from 'node:fs';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eligibleForCalibration, readCorpus } from '@carb/episodes';
import { defaultPipelinePath, loadPipeline, withSelector, SELECTOR_KINDS } from '@carb/pipeline';
import { ledgerTraces, naiveReplay, replayCorpus } from '@carb/replay';

const RUNS = resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/corpora/agentdojo-runs/runs');

export async function bench(): Promise<string[]> {
  if (!existsSync(RUNS)) return [`skipped: ${RUNS} not found`];
  const episodes = readCorpus([RUNS], { format: 'agentdojo' }).episodes.filter((e) => eligibleForCalibration(e));
  const base = loadPipeline(defaultPipelinePath());
  const traces = ledgerTraces(episodes, base);
  const lines: string[] = [`episodes: ${episodes.length}`];
  // warm the JIT on a slice so the first selector timed is not charged for compilation
  replayCorpus(episodes.slice(0, 300), base, { traces });
  for (const kind of SELECTOR_KINDS) {
    const pipeline = withSelector(base, { kind });
    let t0 = performance.now();
    replayCorpus(episodes, pipeline, { traces });
    const single = (performance.now() - t0) / 1000;
    // the naive baseline is measured on a deterministic subsample so the bench stays short; the ratio is per episode
    const sample = episodes.filter((_, i) => i % 10 === 0);
    t0 = performance.now();
    naiveReplay(sample, pipeline);
    const naive = ((performance.now() - t0) / 1000) * (episodes.length / sample.length);
    lines.push(
      `${kind.padEnd(8)} single-pass ${single.toFixed(2)} s (${Math.round(episodes.length / single)} episodes/s); ` +
        `naive ≈ ${naive.toFixed(1)} s (every 10th episode, scaled); ratio ${(naive / single).toFixed(0)}×`,
    );
  }
  return lines;
}
