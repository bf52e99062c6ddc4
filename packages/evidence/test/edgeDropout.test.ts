import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { edgeDropout } from '../src/index.ts';

// App. G.2 observable-edge dropout, owned by evidence (the prefix graph's keepEdge is where it
// acts). The expected decisions are derived here, not from the module: the episode's key is the
// first 32-bit draw of ARC4 keyed "seed:edges:episode"; a pair (from, to) is kept when
// MurmurHash3_x86_32 of its 8 little-endian bytes under that key is ≥ p · 2³². The reference
// hash below is the byte-wise algorithm as published (tail-free: 8 bytes are two blocks).

function murmur3x86(bytes: Uint8Array, seed: number): number {
  const c1 = 0xcc9e2d51;
  const c2 = 0x1b873593;
  let h = seed >>> 0;
  for (let i = 0; i + 4 <= bytes.length; i += 4) {
    let k = (bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24)) >>> 0;
    k = Math.imul(k, c1);
    k = ((k << 15) | (k >>> 17)) >>> 0;
    k = Math.imul(k, c2);
    h ^= k;
    h = ((h << 13) | (h >>> 19)) >>> 0;
    h = (Math.imul(h, 5) + 0xe6546b64) >>> 0;
  }
  h ^= bytes.length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

function expectedKeep(noiseSeed: number, episodeId: string, p: number, from: number, to: number): boolean {
  const key = seedrandom(`${noiseSeed}:edges:${episodeId}`).quick() * 2 ** 32;
  const bytes = new Uint8Array(new Uint32Array([from, to]).buffer); // little-endian on every platform Node runs on
  return murmur3x86(bytes, key) >= p * 2 ** 32;
}

const at = (p: number, noiseSeed = 0) => ({ noiseSeed, params: { edgeDropout: p } });

describe('edge dropout', () => {
  it('the reference hash gives the published MurmurHash3_x86_32 vectors', () => {
    const ascii = (s: string) => new TextEncoder().encode(s);
    expect(murmur3x86(new Uint8Array(0), 0)).toBe(0);
    expect(murmur3x86(new Uint8Array(0), 1)).toBe(0x514e28b7);
    expect(murmur3x86(ascii('abcd'), 0x9747b28c)).toBe(0xf0478627);
    expect(murmur3x86(new Uint8Array([0, 0, 0, 0]), 0)).toBe(0x2362f9de);
  });

  it('draws no filter at p = 0, and drops every pair at p = 1', () => {
    expect(edgeDropout(at(0), 'gb-0000')).toBeNull();
    const all = edgeDropout(at(1), 'gb-0000')!;
    for (let to = 1; to < 20; to++) for (let from = 0; from < to; from++) expect(all(from, to)).toBe(false);
  });

  it('keeps (from, to) exactly when the hash of the pair under the episode key clears p · 2³²', () => {
    for (const [seed, id, p] of [
      [0, 'gb-0000', 0.2],
      [0, 'gb-0001', 0.05],
      [3, 'gb-0000', 0.5],
    ] as const) {
      const keep = edgeDropout(at(p, seed), id)!;
      let dropped = 0;
      for (let to = 1; to < 20; to++) {
        for (let from = 0; from < to; from++) {
          expect(keep(from, to), `${seed} ${id} ${from}>${to}`).toBe(expectedKeep(seed, id, p, from, to));
          if (!keep(from, to)) dropped++;
        }
      }
      if (p === 0.5) expect(dropped).toBeGreaterThan(0);
    }
  });
});
