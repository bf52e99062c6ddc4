import type { EdgeMasks } from './edgeMasks.ts';
import { windowHash } from './windowHash.ts';

// Windows of W characters at every W-th offset of each indexed text. A needle of length
// ≥ 2W − 1 occurs at some start s only if the aligned window at p = ⌈s/W⌉·W lies inside it, so
// probing the W needle offsets finds every occurrence while indexing only |text|/W keys.
// Windows are kept by hash in a chained hash table of typed arrays (one entry per window, no
// object or substring per window: results run to megabytes); a candidate is confirmed on the text.
const INITIAL_CAPACITY = 64;
/** Int32 fields of one entry, interleaved: next entry of its bucket (−1 ends), hash, node, offset. */
const STRIDE = 4;
const NEXT = 0;
const HASH = 1;
const NODE = 2;
const OFFSET = 3;

/**
 * The typed arrays of one index. Every episode builds a graph, and allocating (and doubling)
 * fresh ArrayBuffers per graph dominated replay at 10⁶ episodes (external-memory accounting and
 * GC), so a released index gives its storage back to a small pool for the next graph.
 */
interface SpanStorage {
  /** Per bucket (hash & (buckets.length − 1)): its newest entry, −1 none. */
  buckets: Int32Array;
  entries: Int32Array;
}

/** Storage of released indexes, all buckets −1; never shared: taken out before reuse. */
const pool: SpanStorage[] = [];
const POOL_SIZE = 4;
/** A store grown past this many entries (an outlier text) is left to the GC rather than kept. */
const MAX_POOLED_CAPACITY = 1 << 16;

/** Exact-substring index over committed results (relation 8, general span). */
export class SpanIndex {
  private readonly texts: string[] = [];
  private readonly w: number;
  private store: SpanStorage | null;
  private entries = 0;

  /** Answers needles of at least `minNeedle` characters exactly. */
  constructor(minNeedle: number) {
    this.w = Math.max(1, Math.floor((minNeedle + 1) / 2));
    this.store = pool.pop() ?? { buckets: new Int32Array(0), entries: new Int32Array(0) };
  }

  add(node: number, text: string): void {
    const store = this.live();
    this.texts[node] = text;
    const W = this.w;
    const windows = text.length < W ? 0 : Math.floor((text.length - W) / W) + 1;
    if ((this.entries + windows) * STRIDE > store.entries.length) grow(store, this.entries, this.entries + windows);
    const { buckets, entries } = store;
    const mask = buckets.length - 1;
    for (let p = 0; p + W <= text.length; p += W) {
      const hash = windowHash(text, p, W);
      const e = this.entries++;
      const b = hash & mask;
      const at = e * STRIDE;
      entries[at + NEXT] = buckets[b]!;
      entries[at + HASH] = hash;
      entries[at + NODE] = node;
      entries[at + OFFSET] = p;
      buckets[b] = e;
    }
  }

  /** Marks `bits` on the edge from every node before `at` whose text contains `needle` (length ≥ minNeedle). */
  find(needle: string, masks: EdgeMasks, bits: number, at: number): void {
    const { buckets, entries } = this.live();
    if (this.entries === 0) return;
    const W = this.w;
    const mask = buckets.length - 1;
    // each occurrence is caught at the one offset k where its aligned window starts
    for (let k = 0; k < W && k + W <= needle.length; k++) {
      const hash = windowHash(needle, k, W);
      for (let e = buckets[hash & mask]!; e >= 0; e = entries[e * STRIDE + NEXT]!) {
        const f = e * STRIDE;
        if (entries[f + HASH] !== hash) continue;
        const node = entries[f + NODE]!;
        if (node >= at || masks.has(node, bits)) continue;
        const start = entries[f + OFFSET]! - k;
        if (start >= 0 && this.texts[node]!.startsWith(needle, start)) masks.or(node, bits);
      }
    }
  }

  /**
   * Gives the storage back for a later index (idempotent); this index can no longer be used.
   * Clearing touches only the buckets of the entries used, so a large pooled store costs nothing extra.
   */
  release(): void {
    const store = this.store;
    if (store === null) return;
    this.store = null;
    const { buckets, entries } = store;
    const mask = buckets.length - 1;
    for (let e = 0; e < this.entries; e++) buckets[entries[e * STRIDE + HASH]! & mask] = -1;
    this.entries = 0;
    this.texts.length = 0;
    if (pool.length < POOL_SIZE && entries.length <= MAX_POOLED_CAPACITY * STRIDE) pool.push(store);
  }

  private live(): SpanStorage {
    if (this.store === null) throw new Error('span index: used after release');
    return this.store;
  }
}

/** Widens `store` to hold at least `needed` entries (buckets stay twice the capacity) and relinks the `used` ones. */
function grow(store: SpanStorage, used: number, needed: number): void {
  let capacity = Math.max(INITIAL_CAPACITY, store.entries.length / STRIDE);
  while (capacity < needed) capacity *= 2;
  const entries = new Int32Array(capacity * STRIDE);
  entries.set(store.entries.subarray(0, used * STRIDE));
  const buckets = new Int32Array(capacity * 2).fill(-1);
  const mask = buckets.length - 1;
  for (let e = 0; e < used; e++) {
    const b = entries[e * STRIDE + HASH]! & mask;
    entries[e * STRIDE + NEXT] = buckets[b]!;
    buckets[b] = e;
  }
  store.entries = entries;
  store.buckets = buckets;
}
