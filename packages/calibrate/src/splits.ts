import { seededRandom } from '@carb/io';
import { PythonRandom } from './pythonRandom.ts';

/** One calibration/test assignment: episode indices into the outcome tables. */
export interface Split {
  /** Split index k (0-based). */
  index: number;
  /** Shuffle seed baseSeed + k. */
  seed: number;
  cal: Int32Array;
  test: Int32Array;
}

export interface SplitOptions {
  /** Number of assignments (200). */
  count: number;
  /** Assignment k shuffles with seed baseSeed + k (0). */
  baseSeed: number;
  /** Calibration and test fold sizes, in trajectories. */
  nCal: number;
  nTest: number;
  /** `python`: CPython random.Random(seed).shuffle; `seedrandom`: Fisher–Yates on seedrandom(String(seed)). */
  rng: 'python' | 'seedrandom';
  /** `episode`: each trajectory is a unit; `group`: whole groups (pair / family ids) stay in one fold. */
  unit: 'episode' | 'group';
}

/** Fold sizes of g-carb Table 2. */
export type SplitDataset = 'agentdojo' | 'ces-clean' | 'ces-near-miss' | 'graph-braid';

/** Table 2 calibration/test sizes: AgentDojo half/half (⌊n/2⌋ each), CES 48/48 and 96/96, graph-braid 600/600. */
export function foldSizes(dataset: SplitDataset, n: number): { nCal: number; nTest: number; unit: 'episode' | 'group' } {
  switch (dataset) {
    case 'agentdojo':
      return { nCal: Math.floor(n / 2), nTest: Math.floor(n / 2), unit: 'episode' };
    case 'ces-clean':
      return { nCal: 48, nTest: 48, unit: 'group' };
    case 'ces-near-miss':
      return { nCal: 96, nTest: 96, unit: 'group' };
    case 'graph-braid':
      return { nCal: 600, nTest: 600, unit: 'episode' };
  }
}

/** Shuffles in place with the chosen generator. */
export function shuffleWith<T>(rng: SplitOptions['rng'], seed: number, x: T[]): T[];
export function shuffleWith(rng: SplitOptions['rng'], seed: number, x: Int32Array): Int32Array;
export function shuffleWith<T>(rng: SplitOptions['rng'], seed: number, x: T[] | Int32Array): T[] | Int32Array {
  if (rng === 'python') return x instanceof Int32Array ? new PythonRandom(seed).shuffleInt32(x) : new PythonRandom(seed).shuffle(x);
  const r = seededRandom(String(seed));
  for (let i = x.length - 1; i >= 1; i--) {
    const j = Math.floor(r() * (i + 1));
    const t = x[i]!;
    x[i] = x[j]!;
    x[j] = t;
  }
  return x;
}

/** JS default sort (UTF-16 code units) = Python's sort for ASCII ids (code points differ only above U+FFFF). */
function sortedUnique(values: readonly string[]): string[] {
  return [...new Set(values)].sort();
}

/**
 * The paper's split protocol (App. D.1): sort the unit ids, shuffle with seed baseSeed + k,
 * fill calibration then test from the front of the shuffled order.
 *
 * Grouped rule: shuffled groups are taken in order; a group goes to calibration while
 * calibration holds fewer than nCal trajectories, then to test while test holds fewer than
 * nTest; the rest are unused. With equal group sizes dividing the fold sizes (CES: pairs of
 * 2 → 24 + 24 pairs, families of 4 → 24 + 24) the folds are exact; otherwise the last group
 * may overfill a fold, and the actual sizes are in the Split.
 */
export function makeSplits(ids: readonly string[], groups: readonly string[] | null, opts: SplitOptions): Split[] {
  const n = ids.length;
  if (opts.nCal < 1 || opts.nTest < 1) throw new Error(`splits: nCal ${opts.nCal} and nTest ${opts.nTest}: expected both ≥ 1`);
  if (opts.nCal + opts.nTest > n) throw new Error(`splits: nCal ${opts.nCal} + nTest ${opts.nTest} exceeds the ${n} episodes`);
  if (opts.unit === 'group') return groupSplits(ids, groups, opts);
  // one unit per episode: shuffling the indices in sorted-id order draws the same permutation as shuffling
  // the sorted ids (a shuffle never looks at what it moves), without a map of 10⁶ one-element groups
  const byId = Array.from({ length: n }, (_, i) => i).sort((a, b) => (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0));
  for (let k = 1; k < n; k++) {
    if (ids[byId[k]!] === ids[byId[k - 1]!]) throw new Error(`splits: episode id ${ids[byId[k]!]!} occurs twice; expected unique ids`);
  }
  const sorted = Int32Array.from(byId);
  // one buffer reset from the sorted order per split: 10⁶ indices shuffled in place, no per-split array
  const order = new Int32Array(n);
  const out: Split[] = [];
  for (let k = 0; k < opts.count; k++) {
    const seed = opts.baseSeed + k;
    order.set(sorted);
    shuffleWith(opts.rng, seed, order);
    out.push({ index: k, seed, cal: order.slice(0, opts.nCal), test: order.slice(opts.nCal, opts.nCal + opts.nTest) });
  }
  return out;
}

/** makeSplits with whole groups (pair / family ids) as units. */
function groupSplits(ids: readonly string[], groups: readonly string[] | null, opts: SplitOptions): Split[] {
  const n = ids.length;
  const index = new Map<string, number>();
  ids.forEach((id, i) => {
    if (index.has(id)) throw new Error(`splits: episode id ${id} occurs twice; expected unique ids`);
    index.set(id, i);
  });
  if (!groups || groups.length !== n)
    throw new Error(`splits: grouped assignment needs one group per episode (${groups?.length ?? 0} for ${n} episodes)`);
  const members = new Map<string, number[]>();
  groups.forEach((gid, i) => {
    const list = members.get(gid);
    if (list) list.push(i);
    else members.set(gid, [i]);
  });
  const units = sortedUnique(groups);
  const out: Split[] = [];
  for (let k = 0; k < opts.count; k++) {
    const seed = opts.baseSeed + k;
    const order = shuffleWith(opts.rng, seed, units.slice());
    const cal: number[] = [];
    const test: number[] = [];
    for (const u of order) {
      const m = members.get(u)!;
      if (cal.length < opts.nCal) cal.push(...m);
      else if (test.length < opts.nTest) test.push(...m);
      else break;
    }
    if (cal.length < opts.nCal || test.length < opts.nTest) {
      throw new Error(
        `splits: split ${k} filled ${cal.length}/${opts.nCal} calibration and ${test.length}/${opts.nTest} test trajectories; not enough ${opts.unit}s`,
      );
    }
    out.push({ index: k, seed, cal: Int32Array.from(cal), test: Int32Array.from(test) });
  }
  return out;
}
