import type { EpisodeLabels } from './labels.ts';
import { stepsOf, type WrittenLabels } from './labelLine.ts';

/**
 * Construction labels as columns, row r being the r-th label read: a 10⁶-episode suite's
 * labels without an object per label. Strings repeated across rows are one string (a pair
 * equal to its id, the kinds), and each distinct benign-branch step list is stored once.
 */
export interface LabelRows {
  ids: string[];
  pairs: string[];
  kinds: string[];
  /** 1 for a harmful trajectory. */
  harmful: Uint8Array;
  /** Harmful sink step, NaN for null. */
  sinkStep: Float64Array;
  /** Row r's benign-branch steps are stepLists[stepList[r]] (as given: unsorted, repeats kept). */
  stepList: Int32Array;
  stepLists: ReadonlyArray<readonly number[]>;
}

/** Appends labels to columns that grow as they are read. */
export class LabelRowsBuilder {
  private n = 0;
  private ids: string[] = [];
  private pairs: string[] = [];
  private kinds: string[] = [];
  private harmful = new Uint8Array(1024);
  private sinkStep = new Float64Array(1024);
  private stepList = new Int32Array(1024);
  private readonly kindOf = new Map<string, string>();
  private readonly listOf = new Map<string, number>();
  private readonly stepLists: Array<readonly number[]> = [];

  /** Appends one label (a schema-valid labels line). */
  add(l: EpisodeLabels): void {
    this.append(l, l.benignBranchSteps.join(','), () => [...l.benignBranchSteps]);
  }

  /** Appends one label read by writtenLabels (its steps as written, parsed only when first seen). */
  addWritten(w: WrittenLabels): void {
    this.append(w.labels, w.stepsText, () => stepsOf(w.stepsText));
  }

  /** `stepsKey`: the steps joined by commas, under which each distinct list is stored once. */
  private append(l: Omit<EpisodeLabels, 'benignBranchSteps'>, stepsKey: string, steps: () => number[]): void {
    if (this.n === this.harmful.length) this.grow();
    let list = this.listOf.get(stepsKey);
    if (list === undefined) {
      list = this.stepLists.push(Object.freeze(steps())) - 1;
      this.listOf.set(stepsKey, list);
    }
    let kind = this.kindOf.get(l.kind);
    if (kind === undefined) this.kindOf.set(l.kind, (kind = l.kind));
    // stores by index: within what reserve() made room for, nothing grows
    this.ids[this.n] = l.id;
    this.pairs[this.n] = l.pair === l.id ? l.id : l.pair;
    this.kinds[this.n] = kind;
    this.harmful[this.n] = l.harmful ? 1 : 0;
    this.sinkStep[this.n] = l.sinkStep ?? NaN;
    this.stepList[this.n] = list;
    this.n++;
  }

  /**
   * Room for `rows` more rows: the columns take their size once instead of growing row by row
   * (a 10⁶-line labels file: 1.45–2.14 s read growing them, 1.10–1.39 s reserved; that read's peak RSS
   * 207–210 → 168–169 MB).
   */
  reserve(rows: number): void {
    const size = this.n + rows;
    if (size <= this.harmful.length) return;
    const room = (column: string[]): string[] => {
      const out = new Array<string>(size);
      for (let r = 0; r < this.n; r++) out[r] = column[r]!;
      return out;
    };
    this.ids = room(this.ids);
    this.pairs = room(this.pairs);
    this.kinds = room(this.kinds);
    this.resize(size);
  }

  /** Rows added so far. */
  get length(): number {
    return this.n;
  }

  /** Drops the rows from `n` on (a file refused after some of its rows were added). */
  truncate(n: number): void {
    this.n = n;
    this.ids.length = n;
    this.pairs.length = n;
    this.kinds.length = n;
  }

  /** The columns of the rows added (the builder is not to be used afterwards). */
  finish(): LabelRows {
    const n = this.n;
    this.truncate(n);
    return {
      ids: this.ids,
      pairs: this.pairs,
      kinds: this.kinds,
      harmful: this.harmful.slice(0, n),
      sinkStep: this.sinkStep.slice(0, n),
      stepList: this.stepList.slice(0, n),
      stepLists: this.stepLists,
    };
  }

  private grow(): void {
    this.resize(this.harmful.length * 2);
  }

  /** The typed columns at `size` rows, the first n kept. */
  private resize(size: number): void {
    const resized = <A extends Uint8Array | Float64Array | Int32Array>(a: A, make: (length: number) => A): A => {
      const b = make(size);
      b.set(a.subarray(0, this.n));
      return b;
    };
    this.harmful = resized(this.harmful, (k) => new Uint8Array(k));
    this.sinkStep = resized(this.sinkStep, (k) => new Float64Array(k));
    this.stepList = resized(this.stepList, (k) => new Int32Array(k));
  }
}

/** LabelRows of labels held as objects (labels made in memory, e.g. by tests and sweeps). */
export function labelRowsOf(labels: readonly EpisodeLabels[]): LabelRows {
  const b = new LabelRowsBuilder();
  for (const l of labels) b.add(l);
  return b.finish();
}

/** The labels of `rows` as objects, in row order (repeated strings and step lists shared). */
export function labelObjects(rows: LabelRows): EpisodeLabels[] {
  return rows.ids.map((id, r) => {
    const sink = rows.sinkStep[r]!;
    return {
      id,
      pair: rows.pairs[r]!,
      kind: rows.kinds[r]!,
      harmful: rows.harmful[r] === 1,
      sinkStep: Number.isNaN(sink) ? null : sink,
      benignBranchSteps: rows.stepLists[rows.stepList[r]!]!,
    };
  });
}

/**
 * Makes labels read in the episodes' order use the episodes' id strings (a pair equal to its
 * id too), so that 10⁶ ids are held once, not once more by the labels. Changes no value;
 * labels in another order (or of other episodes) are left as they are.
 */
export function shareLabelIds(rows: LabelRows, ids: string[]): void {
  if (rows.ids.length !== ids.length || !rows.ids.every((id, r) => id === ids[r])) return;
  rows.pairs.forEach((pair, r) => {
    if (pair === rows.ids[r]) rows.pairs[r] = ids[r]!;
  });
  rows.ids = ids;
}
