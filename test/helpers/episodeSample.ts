import type { Episode } from '@carb/episodes';
import { shuffleWith } from '@carb/calibrate';

/**
 * Stratum of a shared AgentDojo episode (id `model/suite/task/attack/injection`): model,
 * suite and run kind: under attack, user task alone, or injection task given as the user prompt.
 */
export function agentDojoStratum(id: string): string {
  const [model, suite, task, attack] = id.split('/');
  const kind = attack !== 'none' ? 'attack' : task!.startsWith('injection_task_') ? 'injection-as-user' : 'user';
  return `${model!}/${suite!}/${kind}`;
}

export interface SampleOptions {
  seed: number;
  /** Share of each stratum drawn at random. */
  fraction: number;
  stratum: (id: string) => string;
}

/**
 * Fixed-seed stratified sample, in corpus order: in every stratum, its longest episode (the
 * deepest incremental state, where a single pass and a fresh rebuild are likeliest to part)
 * plus ⌈fraction · size⌉ episodes drawn by the project's seeded shuffle (seed + stratum rank).
 */
export function stratifiedSample(episodes: readonly Episode[], opts: SampleOptions): Episode[] {
  const strata = new Map<string, number[]>();
  episodes.forEach((ep, i) => {
    const key = opts.stratum(ep.id);
    const members = strata.get(key);
    if (members) members.push(i);
    else strata.set(key, [i]);
  });
  const keep = new Set<number>();
  const ordered = [...strata].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  ordered.forEach(([, members], k) => {
    const longest = members.reduce((best, i) => (episodes[i]!.steps.length > episodes[best]!.steps.length ? i : best));
    keep.add(longest);
    // seed + k per stratum, as splits use baseSeed + k: strata of equal size get unrelated draws
    for (const i of shuffleWith('seedrandom', opts.seed + k, [...members]).slice(0, Math.ceil(opts.fraction * members.length))) keep.add(i);
  });
  return episodes.filter((_, i) => keep.has(i));
}

/**
 * The default (`npm test`) sample of the shared AgentDojo corpus: in each of its 36 strata
 * (3 models × 4 suites × 3 run kinds) the longest episode plus a seeded 10 % (303 of 2,587
 * episodes, 1,392 of 9,968 proposals). A defect touching 1.5 % of the corpus (39 episodes)
 * escapes it with probability ≈ .9³⁹ < 2 %; the per-stratum draw makes every model, suite and
 * run kind count. `npm run test:full` runs the same checks on every episode.
 */
export const SHARED_SAMPLE: SampleOptions = { seed: 1, fraction: 0.1, stratum: agentDojoStratum };

/** Which episodes a corpus-wide check runs on: the fixed-seed sample (`npm test`) or all (`npm run test:full`). */
export type CorpusScope = 'sample' | 'all';
