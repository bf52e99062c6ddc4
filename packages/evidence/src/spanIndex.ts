// Windows of W characters at every W-th offset of each indexed text. A needle of length
// ≥ 2W − 1 occurs at some start s only if the aligned window at p = ⌈s/W⌉·W lies inside it, so
// probing the W needle offsets finds every occurrence while indexing only |text|/W keys.
const NODE_SCALE = 2 ** 32;

/** Exact-substring index over committed results (relation 8, general span). */
export class SpanIndex {
  private readonly windows = new Map<string, number[]>();
  private readonly texts: string[] = [];

  private readonly w: number;

  /** Answers needles of at least `minNeedle` characters exactly. */
  constructor(minNeedle: number) {
    this.w = Math.max(1, Math.floor((minNeedle + 1) / 2));
  }

  add(node: number, text: string): void {
    this.texts[node] = text;
    const W = this.w;
    for (let p = 0; p + W <= text.length; p += W) {
      const key = text.substr(p, W);
      const list = this.windows.get(key);
      const entry = node * NODE_SCALE + p;
      if (list === undefined) this.windows.set(key, [entry]);
      else list.push(entry);
    }
  }

  /** Nodes whose text contains `needle` (length ≥ minNeedle), added to `hits`. */
  find(needle: string, hits: Set<number>): void {
    const W = this.w;
    // each occurrence is caught at the one offset k where its aligned window starts
    for (let k = 0; k < W; k++) {
      const list = this.windows.get(needle.substr(k, W));
      if (list === undefined) continue;
      for (const entry of list) {
        const node = Math.floor(entry / NODE_SCALE);
        if (hits.has(node)) continue;
        const start = entry - node * NODE_SCALE - k;
        if (start >= 0 && this.texts[node]!.startsWith(needle, start)) hits.add(node);
      }
    }
  }
}
