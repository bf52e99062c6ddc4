// Replay on the shared AgentDojo corpus, measured in one run: the fused pass (one prefix graph per
// episode, all five selectors) against one replay per selector, episodes/s per worker count (pool
// start-up included, and measured alone), and single-pass vs naive (Algorithm 1) per selector.
import { existsSync } from 'node:fs';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eligibleForCalibration, readCorpus } from '@carb/episodes';
import { defaultPipelinePath, loadPipeline, withSelector, SELECTOR_KINDS } from '@carb/pipeline';
import { ledgerTraces, naiveReplay, replayCorpus, replayFused, replayParallel } from '@carb/replay';

const RUNS = resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/corpora/agentdojo-runs/runs');

const seconds = (t0: number) => (performance.now() - t0) / 1000;

export async function bench(): Promise<string[]> {
  if (!existsSync(RUNS)) return [`skipped: ${RUNS} not found`];
  const episodes = readCorpus([RUNS], { format: 'agentdojo' }).episodes.filter((e) => eligibleForCalibration(e));
  const base = loadPipeline(defaultPipelinePath());
  const selectors = SELECTOR_KINDS.map((kind) => ({ method: kind, selector: withSelector(base, { kind }).selector }));
  const n = episodes.length;
  const lines: string[] = [`episodes: ${n}; selectors: ${SELECTOR_KINDS.join(', ')}`];
  // warm the JIT on a slice so the first pass timed is not charged for compilation
  replayFused(episodes.slice(0, 300), base, selectors);

  let t0 = performance.now();
  const traces = ledgerTraces(episodes, base);
  for (const { selector } of selectors) replayCorpus(episodes, { ...base, selector }, { traces });
  const perSelector = seconds(t0);
  t0 = performance.now();
  replayFused(episodes, base, selectors);
  const fused = seconds(t0);
  lines.push(
    `per-selector (5 passes, dense tables) ${perSelector.toFixed(2)} s (${Math.round(n / perSelector)} episodes/s); ` +
      `fused (1 pass, breakpoint tables) ${fused.toFixed(2)} s (${Math.round(n / fused)} episodes/s); ratio ${(perSelector / fused).toFixed(2)}×`,
  );

  t0 = performance.now();
  await replayParallel(episodes.slice(0, 2), base, selectors, { workers: 2, episodesPerWorker: 1 });
  lines.push(`pool start-up (2 workers, 2 episodes): ${seconds(t0).toFixed(2)} s`);
  // episodesPerWorker: 1 forces the pool even below the default threshold, so the figure is the pool's
  for (const workers of [1, 2]) {
    t0 = performance.now();
    const cpu0 = process.cpuUsage();
    await replayParallel(episodes, base, selectors, { workers, episodesPerWorker: 1 });
    const s = seconds(t0);
    const cpu = process.cpuUsage(cpu0);
    lines.push(
      `fused, ${workers} worker${workers > 1 ? 's' : ' (in-process)'}: ${s.toFixed(2)} s (${Math.round(n / s)} episodes/s, ${Math.round(n / s / workers)} per worker; ` +
        `CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s over all threads)`,
    );
  }

  // the naive baseline on a deterministic subsample so the bench stays short; the ratio is per episode
  const sample = episodes.filter((_, i) => i % 10 === 0);
  for (const kind of SELECTOR_KINDS) {
    const pipeline = withSelector(base, { kind });
    t0 = performance.now();
    replayCorpus(episodes, pipeline, { traces });
    const single = seconds(t0);
    t0 = performance.now();
    naiveReplay(sample, pipeline);
    const naive = seconds(t0) * (n / sample.length);
    lines.push(
      `${kind.padEnd(8)} single-pass ${single.toFixed(2)} s; naive ≈ ${naive.toFixed(1)} s (every 10th episode, scaled); ratio ${(naive / single).toFixed(0)}×`,
    );
  }
  return lines;
}
