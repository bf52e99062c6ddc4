import { seededRandom } from '@carb/io';
import type { SelectorConfig } from '@carb/pipeline';
import { isSink, markAncestors, reachFromSources } from './paths.ts';
import type { PrefixGraph } from './types.ts';

/**
 * Selected node indices, in chronological order, for the decision on the last node of
 * `graph` (the pending proposal). Deterministic: `random` draws from a generator seeded
 * by the selector seed, `key.episodeId` and the proposal's step index.
 */
export function selectContext(graph: PrefixGraph, selector: SelectorConfig, key: { episodeId: string }): Int32Array {
  const p = graph.size - 1;
  if (p < 0) throw new Error('selectContext: empty prefix graph (propose a step first)');
  switch (selector.kind) {
    case 'full':
      return range(0, p);
    case 'current':
      return Int32Array.of(p);
    case 'window':
      if (!(selector.window >= 1))
        throw new Error(
          `selectContext: selector.window must be an integer k ≥ 1 (records including the proposal), found ${selector.window}`,
        );
      // k records counting the proposal itself: p and the k − 1 most recent executed (Table 8's .462/.481/.067)
      return range(Math.max(0, p - selector.window + 1), p);
    case 'graph':
      return graphLocal(graph, p);
    case 'random':
      return equalSizeRandom(p, graphLocal(graph, p).length, () => `${selector.seed}\u0000${key.episodeId}\u0000${graph.record(p).index}`);
    default:
      throw new Error(
        `selectContext: unknown selector kind ${JSON.stringify((selector as { kind: unknown }).kind)}; expected full, graph, window, random or current`,
      );
  }
}

/** graphLocal's ancestor mask, reused across decisions (all zero between calls). */
let scratch = new Uint8Array(64);

/**
 * Definition 2: when the proposal is a sink reachable from a private source, the nodes on
 * source → proposal paths (endpoints included); otherwise the proposal and its ancestors.
 */
export function graphLocal(graph: PrefixGraph, p: number): Int32Array {
  // every graph and random decision runs this: no mask is allocated per decision
  if (scratch.length <= p) scratch = new Uint8Array(Math.max(p + 1, scratch.length * 2));
  const anc = scratch;
  try {
    markAncestors(graph, p, anc);
    if (isSink(graph.types(p))) {
      // on a source→p path ⇔ ancestor of p (or p) and reachable from a source inside the ancestor set
      const reach = reachFromSources(graph, anc, p);
      if (reach[p] === 1) return collect(reach, p);
    }
    return collect(anc, p);
  } finally {
    anc.fill(0, 0, p + 1);
  }
}

function equalSizeRandom(p: number, size: number, seed: () => string): Int32Array {
  const take = Math.min(size - 1, p);
  // taking none or all of the p earlier nodes leaves nothing to chance: the draws (and seeding a
  // generator, the costly part) would not change the set
  if (take === 0) return Int32Array.of(p);
  if (take === p) return range(0, p);
  const rng = seededRandom(seed());
  const pool = range(0, p - 1);
  // partial Fisher–Yates: the first `take` slots become a uniform subset
  for (let j = 0; j < take; j++) {
    const r = j + Math.floor(rng() * (p - j));
    const t = pool[j]!;
    pool[j] = pool[r]!;
    pool[r] = t;
  }
  const out = new Int32Array(take + 1);
  out.set(pool.subarray(0, take).sort());
  out[take] = p;
  return out;
}

function range(from: number, to: number): Int32Array {
  const out = new Int32Array(Math.max(0, to - from + 1));
  for (let i = 0; i < out.length; i++) out[i] = from + i;
  return out;
}

function collect(mask: Uint8Array, p: number): Int32Array {
  let n = 0;
  for (let v = 0; v <= p; v++) n += mask[v]!;
  const out = new Int32Array(n);
  for (let v = 0, k = 0; v <= p; v++) if (mask[v] === 1) out[k++] = v;
  return out;
}
