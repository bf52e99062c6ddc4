import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { noisyScore, scoreNoise } from '../src/index.ts';

// App. G.2 additive score noise, owned by replay (which applies it to every q_t). The expected
// draws are derived here from seedrandom itself and Box–Muller written out, not from the module:
// the stream of episode e under noise seed s is ARC4 keyed "s:noise:e", read 32 bits at a time,
// two uniforms per normal; the bundled suites' sweeps were measured with exactly this stream.

/** The t-th N(0, 1) of the episode's stream, from the recipe above. */
function expectedNormal(noiseSeed: number, episodeId: string, t: number): number {
  const r = seedrandom(`${noiseSeed}:noise:${episodeId}`);
  let z = 0;
  for (let k = 0; k <= t; k++) {
    const u = Math.max(r.quick(), 1e-12);
    z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * r.quick());
  }
  return z;
}

const at = (scoreNoiseSigma: number, noiseSeed = 0) => ({ noiseSeed, params: { scoreNoise: scoreNoiseSigma } });

describe('score noise', () => {
  it('is exactly 0 at σ = 0, whatever the episode and step', () => {
    expect(scoreNoise(at(0), 'gb-0000', 3)).toBe(0);
    expect(noisyScore(at(0), 'gb-0000', 3, 0.61)).toBe(0.61);
  });

  it('is σ times the t-th normal of the episode stream keyed "seed:noise:episode"', () => {
    for (const [seed, id, t] of [
      [0, 'gb-0000', 0],
      [0, 'gb-0000', 3],
      [0, 'gb-0001', 3],
      [7, 'gb-0000', 19],
    ] as const) {
      expect(scoreNoise(at(0.1, seed), id, t)).toBe(0.1 * expectedNormal(seed, id, t));
    }
  });

  it('is one fixed draw per (episode, step), whatever order the steps are asked in', () => {
    const later = scoreNoise(at(0.2), 'gb-0042', 9);
    const earlier = scoreNoise(at(0.2), 'gb-0042', 2);
    scoreNoise(at(0.2), 'gb-0043', 0); // another episode in between
    expect(scoreNoise(at(0.2), 'gb-0042', 9)).toBe(later);
    expect(scoreNoise(at(0.2), 'gb-0042', 2)).toBe(earlier);
    expect(earlier).not.toBe(later);
  });

  it('noisyScore is q + ε clipped to [0, 1]', () => {
    const z = expectedNormal(0, 'gb-0000', 3);
    expect(noisyScore(at(0.05), 'gb-0000', 3, 0.5)).toBe(0.5 + 0.05 * z);
    // σ = 100 throws every score to the end its draw's sign points at
    expect(noisyScore(at(100), 'gb-0000', 3, 0.5)).toBe(z > 0 ? 1 : 0);
    expect(noisyScore(at(100), 'gb-0000', 3, 0.5) === 1).toBe(z > 0);
  });
});
