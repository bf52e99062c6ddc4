/** Incoming edges of one node, collected as relation bitmasks per source node. */
export interface IncomingEdges {
  /** Source nodes, ascending. */
  readonly parents: number[];
  /** Relation bitmask of the edge from parents[k]. */
  readonly relations: number[];
}

/**
 * Scratch for collecting incoming edges: a bitmask per earlier node plus the list of nodes
 * touched, reused for every node of a graph so that collecting edges allocates only its result.
 */
export class EdgeMasks {
  private mask = new Int32Array(32);
  private readonly touched: number[] = [];

  /** Sets relation bits `bits` (non-zero) on the edge from node j. */
  or(j: number, bits: number): void {
    if (j >= this.mask.length) this.grow(j);
    if (this.mask[j] === 0) this.touched.push(j);
    this.mask[j]! |= bits;
  }

  /** True when the edge from j already has one of `bits`. */
  has(j: number, bits: number): boolean {
    return j < this.mask.length && (this.mask[j]! & bits) !== 0;
  }

  /** The collected edges, ascending by source; the scratch is cleared for the next node. */
  take(): IncomingEdges {
    const n = this.touched.length;
    const parents = new Array<number>(n);
    const relations = new Array<number>(n);
    // insertion sort: a node has a handful of parents, mostly touched in ascending order already
    for (let k = 0; k < n; k++) {
      const j = this.touched[k]!;
      let at = k;
      for (; at > 0 && parents[at - 1]! > j; at--) parents[at] = parents[at - 1]!;
      parents[at] = j;
    }
    for (let k = 0; k < n; k++) {
      relations[k] = this.mask[parents[k]!]!;
      this.mask[parents[k]!] = 0;
    }
    this.touched.length = 0;
    return { parents, relations };
  }

  /** Marks `bits` on the edge from every node of `list` that lies before `at`. */
  orAll(list: readonly number[] | undefined, bits: number, at: number): void {
    if (list === undefined) return;
    for (const j of list) if (j < at) this.or(j, bits);
  }

  private grow(j: number): void {
    const next = new Int32Array(Math.max(j + 1, this.mask.length * 2));
    next.set(this.mask);
    this.mask = next;
  }
}
