import { describe, expect, it } from 'vitest';
import { HeldOutCurves, type LabelColumns } from '../src/index.ts';
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

describe('HeldOutCurves built for the folds only (the union of the test folds)', () => {
  const table = buildTable('graph', syntheticEpisodes(300, 5, 31));
  const { n, G } = table;
  const r = mulberry32(9);
  // graph-braid labels: harmful episodes with a sink step, benign-branch steps on some others
  const harmful = Uint8Array.from({ length: n }, () => (r() < 0.4 ? 1 : 0));
  const labels: LabelColumns = {
    harmful,
    sinkStep: Int32Array.from(harmful, (h) => (h ? Math.floor(r() * 3) : -1)),
    benignList: Int32Array.from({ length: n }, () => Math.floor(r() * 4)),
    benignLists: [0, 1, 2, 3].map((b) => Int32Array.of(b)),
    benignRule: 'graph-braid',
  };
  const folds = Array.from({ length: 3 }, () =>
    Int32Array.from(
      Array.from({ length: n }, (_, i) => i)
        .sort(() => r() - 0.5)
        .slice(0, 40),
    ),
  );
  const tested = new Uint8Array(n);
  for (const f of folds) for (const e of f) tested[e] = 1;

  it('give every metric of every fold at every g as the curves of all episodes do, bit for bit (union and graded ledgers)', () => {
    expect(tested.reduce((s, x) => s + x, 0)).toBeLessThan(n / 2);
    const all = new HeldOutCurves(table, labels);
    const some = new HeldOutCurves(table, labels, tested);
    let compared = 0;
    for (const fold of folds) {
      all.load(fold);
      some.load(fold);
      for (const ledger of ['union', 'graded'] as const)
        for (let g = 0; g < G; g++) {
          const [a, b] = [all.at(g, ledger, true), some.at(g, ledger, true)];
          for (const key of Object.keys(a) as Array<keyof typeof a>) expect(Object.is(a[key], b[key])).toBe(true);
          compared++;
        }
    }
    expect(compared).toBe(3 * 2 * G);
  });

  it('refuse a fold holding an episode outside them', () => {
    const some = new HeldOutCurves(table, labels, tested);
    const outside = tested.indexOf(0);
    expect(() => some.load(Int32Array.of(folds[0]![0]!, outside))).toThrow(
      `HeldOutCurves: fold episode ${outside} is not among the folds given; expected one of them`,
    );
  });
});
