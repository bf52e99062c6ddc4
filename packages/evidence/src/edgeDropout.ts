import { seededRandom } from '@carb/io';
import type { EdgeFilter } from './types.ts';

/** What edge dropout reads of a generated suite's .meta.json: its noise seed and dropout probability. */
export interface EdgeDropoutSource {
  noiseSeed: number;
  params: { edgeDropout: number };
}

const TWO_32 = 2 ** 32;

/**
 * The observable-edge dropout of App. G.2 for one episode: keep(from, to) is false, with
 * probability `params.edgeDropout`, for the edge between nodes `from` and `to` of the
 * episode's prefix graph (every relation on that pair at once, whatever its kind). Each
 * pair's draw is fixed by (noise seed, episode, from, to) alone, so it does not depend on
 * selector, threshold, replay order or worker, and the proposal and executed record of a
 * step lose the same edges, which keeps prefixes nested across thresholds. Null when p = 0.
 *
 * Owned here because the prefix graph is where it acts (`keepEdge` of createPrefixGraph);
 * replay draws it per episode. The episode's key comes from a seeded stream; the per-pair draw is a hash of the
 * pair under that key, since a seeded generator per edge (≈4 µs to key ARC4) cost more than
 * the whole replay of a graph-braid corpus (measured: 0.75 s for its 181,555 edges against
 * 0.6 s for the five-selector replay).
 */
export function edgeDropout(meta: EdgeDropoutSource, episodeId: string): EdgeFilter | null {
  const p = meta.params.edgeDropout;
  if (!(p > 0)) return null;
  // the suites' stream naming (`seed:stream`, as their generators key theirs), so the draws of
  // every corpus written so far stay what they were; `quick` draws are k / 2³² for a 32-bit k,
  // so this recovers k exactly
  const key = seededRandom(`${meta.noiseSeed}:edges:${episodeId}`, 'quick')() * TWO_32;
  const cut = p * TWO_32;
  return (from, to) => pairHash(key, from, to) >= cut;
}

/**
 * MurmurHash3 (x86, 32-bit) of the two 32-bit words (from, to) under `seed`: a uniform
 * 32-bit value whose every bit depends on every input bit.
 */
function pairHash(seed: number, from: number, to: number): number {
  let h = seed | 0;
  h = mixBlock(h, from);
  h = mixBlock(h, to);
  h ^= 8;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function mixBlock(h: number, word: number): number {
  let k = Math.imul(word, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}
