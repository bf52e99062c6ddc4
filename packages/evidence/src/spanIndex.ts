import type { EdgeMasks } from './edgeMasks.ts';
import { windowHash } from './windowHash.ts';

// Windows of W characters at every W-th offset of each indexed text. A needle of length
// ≥ 2W − 1 occurs at some start s only if the aligned window at p = ⌈s/W⌉·W lies inside it, so
// probing the W needle offsets finds every occurrence while indexing only |text|/W keys.
// Windows are kept by hash in a chained hash table of typed arrays (one entry per window, no
// object or substring per window: results run to megabytes); a candidate is confirmed on the text.
const INITIAL_CAPACITY = 64;

/** Exact-substring index over committed results (relation 8, general span). */
export class SpanIndex {
  private readonly texts: string[] = [];
  private readonly w: number;
  /** Per bucket (hash & (buckets.length − 1)): its newest entry, −1 none. */
  private buckets: Int32Array = new Int32Array(0);
  /** Per entry: the next entry of its bucket (−1 ends), the window's hash, node and offset. */
  private next: Int32Array = new Int32Array(0);
  private hashes: Int32Array = new Int32Array(0);
  private nodes: Int32Array = new Int32Array(0);
  private offsets: Int32Array = new Int32Array(0);
  private entries = 0;

  /** Answers needles of at least `minNeedle` characters exactly. */
  constructor(minNeedle: number) {
    this.w = Math.max(1, Math.floor((minNeedle + 1) / 2));
  }

  add(node: number, text: string): void {
    this.texts[node] = text;
    const W = this.w;
    for (let p = 0; p + W <= text.length; p += W) this.insert(windowHash(text, p, W), node, p);
  }

  /** Marks `bits` on the edge from every node before `at` whose text contains `needle` (length ≥ minNeedle). */
  find(needle: string, masks: EdgeMasks, bits: number, at: number): void {
    if (this.entries === 0) return;
    const W = this.w;
    const mask = this.buckets.length - 1;
    // each occurrence is caught at the one offset k where its aligned window starts
    for (let k = 0; k < W && k + W <= needle.length; k++) {
      const hash = windowHash(needle, k, W);
      for (let e = this.buckets[hash & mask]!; e >= 0; e = this.next[e]!) {
        if (this.hashes[e] !== hash) continue;
        const node = this.nodes[e]!;
        if (node >= at || masks.has(node, bits)) continue;
        const start = this.offsets[e]! - k;
        if (start >= 0 && this.texts[node]!.startsWith(needle, start)) masks.or(node, bits);
      }
    }
  }

  private insert(hash: number, node: number, offset: number): void {
    if (this.entries === this.next.length) this.grow();
    const e = this.entries++;
    const b = hash & (this.buckets.length - 1);
    this.hashes[e] = hash;
    this.nodes[e] = node;
    this.offsets[e] = offset;
    this.next[e] = this.buckets[b]!;
    this.buckets[b] = e;
  }

  /** Doubles the entry capacity (buckets stay twice the capacity) and relinks every entry. */
  private grow(): void {
    const capacity = Math.max(INITIAL_CAPACITY, this.next.length * 2);
    const widen = (a: Int32Array): Int32Array => {
      const b = new Int32Array(capacity);
      b.set(a);
      return b;
    };
    this.hashes = widen(this.hashes);
    this.nodes = widen(this.nodes);
    this.offsets = widen(this.offsets);
    this.next = new Int32Array(capacity);
    this.buckets = new Int32Array(capacity * 2).fill(-1);
    const mask = this.buckets.length - 1;
    for (let e = 0; e < this.entries; e++) {
      const b = this.hashes[e]! & mask;
      this.next[e] = this.buckets[b]!;
      this.buckets[b] = e;
    }
  }
}
