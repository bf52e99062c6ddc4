/** Incoming edges of one node, collected as relation bitmasks per source node. */
export interface IncomingEdges {
  /** Source nodes, ascending. */
  readonly parents: number[];
  /** Relation bitmask of the edge from parents[k]. */
  readonly relations: number[];
}

/** Scratch of released EdgeMasks, all zero; taken out before reuse, so never shared by two graphs. */
const pool: Array<{ mask: Int32Array; touched: Int32Array }> = [];
const POOL_SIZE = 4;
/** A mask grown past this many nodes (an outlier episode) is left to the GC rather than kept. */
const MAX_POOLED_NODES = 1 << 16;
/** The mask of released EdgeMasks: empty, so that `or` reaches `grow`, which refuses. */
const RELEASED = new Int32Array(0);

/**
 * Scratch for collecting incoming edges: a bitmask per earlier node plus the list of nodes
 * touched, reused for every node of a graph so that collecting edges allocates only its result.
 */
export class EdgeMasks {
  private mask: Int32Array;
  /** Nodes whose mask is non-zero, in the order first touched: touched[0, count). */
  private touched: Int32Array;
  private count = 0;

  constructor() {
    const scratch = pool.pop();
    this.mask = scratch?.mask ?? new Int32Array(32);
    this.touched = scratch?.touched ?? new Int32Array(32);
  }

  /**
   * Gives the scratch back for a later graph (idempotent); these masks can no longer be used.
   * Clears only the touched entries (none once `take` has run).
   */
  release(): void {
    if (this.mask === RELEASED) return;
    for (let k = 0; k < this.count; k++) this.mask[this.touched[k]!] = 0;
    this.count = 0;
    if (pool.length < POOL_SIZE && this.mask.length <= MAX_POOLED_NODES) pool.push({ mask: this.mask, touched: this.touched });
    this.mask = RELEASED;
    this.touched = RELEASED;
  }

  /** Sets relation bits `bits` (non-zero) on the edge from node j. */
  or(j: number, bits: number): void {
    if (j >= this.mask.length) this.grow(j);
    if (this.mask[j] === 0) this.touched[this.count++] = j;
    this.mask[j]! |= bits;
  }

  /** True when the edge from j already has one of `bits`. */
  has(j: number, bits: number): boolean {
    return j < this.mask.length && (this.mask[j]! & bits) !== 0;
  }

  /** The collected edges, ascending by source; the scratch is cleared for the next node. */
  take(): IncomingEdges {
    const n = this.count;
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
    this.count = 0;
    return { parents, relations };
  }

  /** Marks `bits` on the edge from every node of `list` that lies before `at`. */
  orAll(list: readonly number[] | undefined, bits: number, at: number): void {
    if (list === undefined) return;
    // by index: no iterator per call while the caller runs unoptimized (see pushAll in indexes.ts)
    for (let i = 0; i < list.length; i++) {
      const j = list[i]!;
      if (j < at) this.or(j, bits);
    }
  }

  private grow(j: number): void {
    if (this.mask === RELEASED) throw new Error('edge masks: used after release');
    const next = new Int32Array(Math.max(j + 1, this.mask.length * 2));
    next.set(this.mask);
    this.mask = next;
    // every touched node is distinct and below the mask length, so touched never outgrows the mask
    const touched = new Int32Array(next.length);
    touched.set(this.touched.subarray(0, this.count));
    this.touched = touched;
  }
}
