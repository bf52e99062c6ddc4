/**
 * Per-episode events as CSR columns: episode e's events are k = offset[e] … offset[e + 1] − 1,
 * each at grid index at[k] with one value per column (columns[c][k]).
 */
export interface EventColumns {
  offset: Int32Array;
  at: Int32Array;
  columns: Float64Array[];
}

/**
 * Growable typed columns filled episode by episode, so 10⁶ episodes build no array of numbers
 * per event (the protocol's memory at scale; issue 26).
 */
export class EventBuilder {
  private at: Int32Array;
  private columns: Float64Array[];
  private size = 0;
  private readonly offset: Int32Array;

  /** `capacity`: the event count when known (then no column grows or is copied: 10⁶ episodes hold ~10⁷ events). */
  constructor(n: number, columns: number, capacity = 1024) {
    this.offset = new Int32Array(n + 1);
    this.at = new Int32Array(Math.max(1, capacity));
    this.columns = Array.from({ length: columns }, () => new Float64Array(Math.max(1, capacity)));
  }

  /** One event of the episode being filled; values beyond the column count are ignored. */
  push(g: number, v0: number, v1 = 0): void {
    if (this.size === this.at.length) this.grow();
    this.at[this.size] = g;
    this.columns[0]![this.size] = v0;
    if (this.columns.length > 1) this.columns[1]![this.size] = v1;
    this.size++;
  }

  /** Ends episode e (episodes are filled in order 0 … n − 1). */
  close(e: number): void {
    this.offset[e + 1] = this.size;
  }

  done(): EventColumns {
    if (this.size === this.at.length) return { offset: this.offset, at: this.at, columns: this.columns };
    return { offset: this.offset, at: this.at.slice(0, this.size), columns: this.columns.map((c) => c.slice(0, this.size)) };
  }

  private grow(): void {
    const at = new Int32Array(this.size * 2);
    at.set(this.at);
    this.at = at;
    this.columns = this.columns.map((c) => {
      const wider = new Float64Array(this.size * 2);
      wider.set(c);
      return wider;
    });
  }
}
