import { sortedOrder } from '@carb/io';
import { shuffleRows, type ShuffleRows, type ShuffleWork } from './shuffleRows.ts';
import { shuffleWith, type SplitRng } from './shuffleWith.ts';

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
  rng: SplitRng;
  /** `episode`: each trajectory is a unit; `group`: whole groups (pair / family ids) stay in one fold. */
  unit: 'episode' | 'group';
  /**
   * Threads that draw the shuffles of the `episode` unit, this one included (default 1): the same
   * splits whatever the number (each is a function of its seed alone). Used while the drawn rows
   * (count × (nCal + nTest) positions, held beside the splits until these are built) take at most
   * THREADED_ROWS_BYTES.
   */
  threads?: number;
  /**
   * The shuffles startSplitShuffles started for these splits (this many episodes, these options):
   * taken instead of drawn anew. Shuffles started for other splits are stopped and not used.
   */
  started?: StartedShuffles | null;
}

/** The shuffles of makeSplits's episode unit, started ahead of it (startSplitShuffles). */
export interface StartedShuffles {
  work: ShuffleWork;
  rows: ShuffleRows;
}

/**
 * Largest shared rows makeSplits draws on several threads: 200 splits of graph-braid's 600 + 600 take
 * ~1 MB; 200 half/half splits of 10⁶ episodes would take 800 MB beside the splits themselves.
 */
const THREADED_ROWS_BYTES = 64 << 20;

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
  const started = opts.started && sameWork(opts.started.work, shuffleWork(n, opts)) ? opts.started.rows : null;
  if (opts.started && !started) opts.started.rows.stop();
  const refused =
    opts.nCal < 1 || opts.nTest < 1
      ? `splits: nCal ${opts.nCal} and nTest ${opts.nTest}: expected both ≥ 1`
      : opts.nCal + opts.nTest > n
        ? `splits: nCal ${opts.nCal} + nTest ${opts.nTest} exceeds the ${n} episodes`
        : null;
  if (refused !== null) {
    started?.stop();
    throw new Error(refused);
  }
  if (opts.unit === 'group') {
    started?.stop();
    return groupSplits(ids, groups, opts);
  }
  // the shuffles look at n alone: drawn on other threads (when asked for) while this one sorts the ids
  const drawn = started ?? startSplitShuffles(n, opts)?.rows ?? null;
  let sorted: Int32Array;
  try {
    sorted = sortedPositions(ids);
  } catch (e) {
    drawn?.stop();
    throw e;
  }
  if (drawn) return splitsOfRanks(sorted, drawn.take().rows, opts);
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

/**
 * The shuffles makeSplits of `n` episodes with `opts` draws on other threads, started now, for a caller
 * that knows the episode count before it has the ids (the end of a replay, before its tables are joined
 * and its corpus digested): null when makeSplits would draw them on this thread alone (opts.threads ≤ 1,
 * rows over THREADED_ROWS_BYTES, the group unit, folds larger than n). Give them to makeSplits as
 * `started`, or stop() them; the splits are the same either way.
 */
export function startSplitShuffles(n: number, opts: SplitOptions): StartedShuffles | null {
  const work = shuffleWork(n, opts);
  const threaded = (opts.threads ?? 1) > 1 && opts.count * work.keep * 4 <= THREADED_ROWS_BYTES;
  if (!threaded || opts.unit !== 'episode' || opts.nCal < 1 || opts.nTest < 1 || work.keep > n) return null;
  return { work, rows: shuffleRows(work, opts.threads!) };
}

function shuffleWork(n: number, opts: SplitOptions): ShuffleWork {
  return { n, keep: opts.nCal + opts.nTest, count: opts.count, baseSeed: opts.baseSeed, rng: opts.rng };
}

function sameWork(a: ShuffleWork, b: ShuffleWork): boolean {
  return a.n === b.n && a.keep === b.keep && a.count === b.count && a.baseSeed === b.baseSeed && a.rng === b.rng;
}

/**
 * The episode indices in sorted-id order. One unit per episode: shuffling them draws the same
 * permutation as shuffling the sorted ids (a shuffle never looks at what it moves), without a map
 * of 10⁶ one-element groups.
 */
function sortedPositions(ids: readonly string[]): Int32Array {
  const order = sortedOrder(ids);
  for (let k = 1; k < order.length; k++) {
    if (ids[order[k]!] === ids[order[k - 1]!]) throw new Error(`splits: episode id ${ids[order[k]!]!} occurs twice; expected unique ids`);
  }
  return order;
}

/**
 * The splits from shuffled positions of the sorted order (shuffleRows: opts.count rows of
 * nCal + nTest), position r standing for episode sorted[r].
 */
function splitsOfRanks(sorted: Int32Array, ranks: Int32Array, opts: SplitOptions): Split[] {
  const keep = opts.nCal + opts.nTest;
  const fold = (from: number, size: number): Int32Array => {
    const out = new Int32Array(size);
    for (let i = 0; i < size; i++) out[i] = sorted[ranks[from + i]!]!;
    return out;
  };
  return Array.from({ length: opts.count }, (_, k) => ({
    index: k,
    seed: opts.baseSeed + k,
    cal: fold(k * keep, opts.nCal),
    test: fold(k * keep + opts.nCal, opts.nTest),
  }));
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
