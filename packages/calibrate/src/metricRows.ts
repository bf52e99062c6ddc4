import type { HeldOutMetrics } from './heldOutCurves.ts';

/** Where a stop rate is null (no harmful / benign-denominator episode in the fold): never a rate's value. */
export const NULL_RATE = Number.NaN;

/** A stop-rate column's value as a row field: null where NULL_RATE marks it. */
function nullableRate(v: number): number | null {
  return Number.isNaN(v) ? null : v;
}

/**
 * Held-out metrics as columns, one row per (method, split, grid index) the protocol evaluated:
 * a frontier's ~10⁵ method × α × split results point at ~10⁴ rows and cost no object each
 * (issue 26). harmStop / benignStop hold NaN where the metric is null.
 */
export class MetricRows {
  loss!: Float64Array;
  intervention!: Float64Array;
  utility!: Float64Array;
  stepRate!: Float64Array;
  ctxSelected!: Float64Array;
  ctxFull!: Float64Array;
  harmStop!: Float64Array;
  benignStop!: Float64Array;
  size = 0;

  constructor(capacity = 64) {
    this.allocate(Math.max(1, capacity));
  }

  /** Fresh zeroed columns of `capacity` rows. */
  private allocate(capacity: number): void {
    this.loss = new Float64Array(capacity);
    this.intervention = new Float64Array(capacity);
    this.utility = new Float64Array(capacity);
    this.stepRate = new Float64Array(capacity);
    this.ctxSelected = new Float64Array(capacity);
    this.ctxFull = new Float64Array(capacity);
    this.harmStop = new Float64Array(capacity);
    this.benignStop = new Float64Array(capacity);
  }

  /** The rows of these metric objects, in order. */
  static of(rows: readonly HeldOutMetrics[]): MetricRows {
    const out = new MetricRows(rows.length);
    for (const m of rows) {
      const i = out.add();
      out.loss[i] = m.loss;
      out.intervention[i] = m.intervention;
      out.utility[i] = m.utility;
      out.stepRate[i] = m.stepRate;
      out.ctxSelected[i] = m.ctxSelected;
      out.ctxFull[i] = m.ctxFull;
      out.harmStop[i] = m.harmStop ?? NULL_RATE;
      out.benignStop[i] = m.benignStop ?? NULL_RATE;
    }
    return out;
  }

  /** Empties the rows for reuse, with room for `capacity` (the columns are kept: no fresh pages per protocol run). */
  reset(capacity: number): this {
    this.size = 0;
    // the rows are dropped: fresh columns of the size asked for, not doublings that copy them
    if (this.loss.length < capacity) this.allocate(capacity);
    return this;
  }

  /** Appends a row (zeroed when fresh, else stale values the caller overwrites); its index. */
  add(): number {
    if (this.size === this.loss.length) this.grow();
    return this.size++;
  }

  /** Row i as an object. */
  row(i: number): HeldOutMetrics {
    return {
      loss: this.loss[i]!,
      intervention: this.intervention[i]!,
      utility: this.utility[i]!,
      stepRate: this.stepRate[i]!,
      ctxSelected: this.ctxSelected[i]!,
      ctxFull: this.ctxFull[i]!,
      harmStop: nullableRate(this.harmStop[i]!),
      benignStop: nullableRate(this.benignStop[i]!),
    };
  }

  private grow(): void {
    const wider = (a: Float64Array): Float64Array => {
      const b = new Float64Array(a.length * 2);
      b.set(a);
      return b;
    };
    this.loss = wider(this.loss);
    this.intervention = wider(this.intervention);
    this.utility = wider(this.utility);
    this.stepRate = wider(this.stepRate);
    this.ctxSelected = wider(this.ctxSelected);
    this.ctxFull = wider(this.ctxFull);
    this.harmStop = wider(this.harmStop);
    this.benignStop = wider(this.benignStop);
  }
}
