import { describe, expect, it } from 'vitest';
import { HeldOutCurves } from '../src/index.ts';
import { buildDenseTable, buildTable, mulberry32, syntheticEpisodes } from './helpers/tableBuilder.ts';

describe('HeldOutCurves on a fold equals a row-by-row evaluation of the dense table', () => {
  // short episodes with few distinct score levels: many episodes are alike (one class), as in real logs
  const synth = syntheticEpisodes(400, 4, 23).map((ep) => ({ ...ep, allowFrom: ep.allowFrom.map((a) => 1 + 20 * Math.floor(a / 20)) }));
  const twins = [...synth, ...synth.slice(0, 100).map((ep) => ({ ...ep, id: `${ep.id}-twin` }))];
  const table = buildTable('graph', twins);
  const dense = buildDenseTable('graph', twins);
  const { n, G } = table;
  const r = mulberry32(5);

  // a small fold is added episode by episode, a large one by classes of alike episodes: both must give these sums
  for (const size of [50, 120, 300, 499]) {
    it(`fold of ${size} of ${n} episodes`, () => {
      const order = Array.from({ length: n }, (_, i) => i).sort(() => r() - 0.5);
      const test = Int32Array.from(order.slice(0, size));
      const curves = new HeldOutCurves(table, null);
      curves.load(test);
      for (let g = 0; g < G; g++) {
        let loss = 0;
        let stopped = 0;
        let success = 0;
        let sel = 0;
        let full = 0;
        for (const e of test) {
          const row = e * G + g;
          loss += dense.lossUnion[row]!;
          stopped += dense.stopStep[row]! >= 0 ? 1 : 0;
          success += dense.success[row]!;
          sel += dense.ctxSelected[row]!;
          full += dense.ctxFull[row]!;
        }
        const m = curves.at(g, 'union', true);
        expect([m.loss, m.intervention, m.utility, m.ctxSelected, m.ctxFull]).toEqual([
          loss / size,
          stopped / size,
          success / size,
          sel,
          full,
        ]);
      }
    });
  }
});
