import { describe, expect, it } from 'vitest';
import { ledgerStepLosses, stepLossesFromDense } from '../src/index.ts';
import { buildTable, syntheticEpisodes } from './helpers/tableBuilder.ts';

describe('ledgerStepLosses on the union ledger', () => {
  it('equals the step losses of the dense 0/1 matrix (a loss from unionLossFrom on), field by field', () => {
    for (const seed of [1, 2, 3]) {
      const table = buildTable('graph', syntheticEpisodes(400, 9, seed));
      const { n, G, unionLossFrom } = table;
      const dense = new Float64Array(n * G);
      for (let e = 0; e < n; e++) for (let g = 0; g < G; g++) dense[e * G + g] = g >= unionLossFrom[e]! ? 1 : 0;
      const expected = stepLossesFromDense(dense, n, G, 1, table.ids);
      expect(ledgerStepLosses(table, 'union')).toEqual(expected);
      expect(expected.single).not.toBeNull();
    }
  });
  it('has no class and no loss where no episode loses', () => {
    const table = buildTable('graph', syntheticEpisodes(50, 5, 4));
    table.unionLossFrom.fill(table.G);
    const losses = ledgerStepLosses(table, 'union');
    expect([losses.classUnits, losses.maxUnits, losses.at.length]).toEqual([[], 0n, 0]);
    // never is the slot K·G, K = 0 classes
    expect(Array.from(losses.single!)).toEqual(new Array<number>(50).fill(0));
  });
  it('refuses a loss at λ⊥, naming the episode', () => {
    const table = buildTable('graph', syntheticEpisodes(50, 5, 5));
    table.unionLossFrom[7] = 0;
    expect(() => ledgerStepLosses(table, 'union')).toThrow(`episode ${table.ids[7]!}: loss at λ⊥ (grid index 0) is positive`);
  });
});
