import { describe, expect, it } from 'vitest';
import { quantileSorted } from 'd3-array';
import { stepRate } from '@carb/replay';
import { empiricalQuantiles } from '../src/index.ts';
import { spreadInto } from '../src/quantiles.ts';
import { gradedUnitPieces, stepRatePieces, type StepPieces } from '../src/stepPieces.ts';
import { buildDenseTable, buildTable, mulberry32, syntheticEpisodes } from './helpers/tableBuilder.ts';

/** The value of episode e's step function at g, read piece by piece (0 below the first piece). */
function pieceAt(p: StepPieces, e: number, g: number): number {
  let v = 0;
  for (let k = p.offset[e]!; k < p.offset[e + 1]!; k++) if (p.from[k]! <= g) v = p.value[k]!;
  return v;
}

describe('step pieces of the held-out step rate and graded loss', () => {
  it('equal the dense row-by-row step rate and graded count at every episode and g', () => {
    const synth = syntheticEpisodes(300, 9, 7);
    const table = buildTable('graph', synth);
    const dense = buildDenseTable('graph', synth);
    const rate = stepRatePieces(table);
    const graded = gradedUnitPieces(table);
    const { n, G } = table;
    let checked = 0;
    for (let e = 0; e < n; e++)
      for (let g = 0; g < G; g++) {
        // the very double a row-by-row sum adds (0 where the episode has no union loss at g)
        expect(pieceAt(rate, e, g)).toBe(stepRate(dense, e * G + g, e));
        expect(pieceAt(graded, e, g)).toBe(dense.lossCount[e * G + g]);
        checked++;
      }
    expect(checked).toBe(300 * G);
  });
});

describe('empiricalQuantiles by selection', () => {
  it('equals d3 quantileSorted over a full sort, bit for bit, with ties, −0 and NaN', () => {
    const r = mulberry32(11);
    for (let trial = 0; trial < 2000; trial++) {
      const n = 1 + Math.floor(r() * 250);
      const levels = trial % 2 ? 4 : 1000;
      const values = Array.from({ length: n }, () => {
        const u = r();
        return trial % 7 === 0 && u < 0.2 ? -0 : trial % 11 === 0 && u < 0.05 ? Number.NaN : Math.floor(u * levels) / 7;
      });
      const ps = [0.05, 0.95, 0, 1, 0.5, r()];
      const sorted = Float64Array.from(values).sort() as unknown as number[];
      const expected = ps.map((p) => quantileSorted(sorted, p));
      const got = empiricalQuantiles(values, ps);
      got.forEach((v, i) => expect(Object.is(v, expected[i])).toBe(true));
    }
  });
});

describe('empiricalQuantiles near the ends (one insertion pass)', () => {
  it('equals d3 quantileSorted over a full sort at the protocol p5 / p95 and other tail p, bit for bit', () => {
    const r = mulberry32(12);
    const tails = [[0.05, 0.95], [0.01, 0.99], [0, 1], [0.05], [0.95], [0.02, 0.98, 0]];
    for (let trial = 0; trial < 3000; trial++) {
      const n = 90 + Math.floor(r() * 400);
      const levels = trial % 3 === 0 ? 3 : trial % 3 === 1 ? 40 : 1e6;
      // ascending, descending and shuffled inputs: the insertion buffers see every order
      const values = Array.from({ length: n }, (_, i) =>
        trial % 5 === 0 ? i / 7 : trial % 5 === 1 ? (n - i) / 3 : Math.floor(r() * levels) / 7 - 2,
      );
      if (trial % 13 === 0) values[Math.floor(r() * n)] = trial % 2 ? -0 : Number.NaN;
      const ps = tails[trial % tails.length]!;
      const sorted = Float64Array.from(values).sort() as unknown as number[];
      const expected = ps.map((p) => quantileSorted(sorted, p));
      const got = empiricalQuantiles(values, ps);
      got.forEach((v, i) => expect(Object.is(v, expected[i])).toBe(true));
    }
  });
});

describe("spreadInto (a summary row's mean, p5 and p95 in one pass)", () => {
  it('equals the in-order mean and d3 quantileSorted over a full sort, bit for bit, short and long, with −0 and NaN', () => {
    const r = mulberry32(13);
    const out = new Float64Array(3);
    for (let trial = 0; trial < 1500; trial++) {
      // 200 values (the protocol's splits) mostly; short ones take the selection path
      const n = trial % 4 === 0 ? 1 + Math.floor(r() * 95) : 200;
      const values = Float64Array.from({ length: n }, () => Math.floor(r() * (trial % 2 ? 5 : 1e6)) / 7 - (trial % 3 ? 0 : 1));
      if (trial % 17 === 0) values[Math.floor(r() * n)] = trial % 2 ? -0 : Number.NaN;
      let sum = 0;
      for (const v of values) sum += v;
      const sorted = Float64Array.from(values).sort() as unknown as number[];
      spreadInto(values, out);
      expect(Object.is(out[0], sum / n)).toBe(true);
      expect(Object.is(out[1], quantileSorted(sorted, 0.05))).toBe(true);
      expect(Object.is(out[2], quantileSorted(sorted, 0.95))).toBe(true);
    }
  });
});
