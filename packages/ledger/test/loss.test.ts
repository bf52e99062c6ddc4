import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEDGER_CATEGORIES, type LedgerCategory } from '@carb/pipeline';
import { categoryLoss, ledgerLoss, unionFirstStep, type LedgerTrace } from '../src/index.ts';

const trace = (first: Partial<Record<LedgerCategory, number>>): LedgerTrace => ({
  firstStep: { privacy_flow: -1, financial: -1, irreversible: -1, social: -1, security_event: -1, ...first },
  events: [],
});

describe('losses', () => {
  it('hand-computed cells', () => {
    const t = trace({ financial: 3, social: 1 });
    expect(unionFirstStep(t)).toBe(1);
    expect([0, 1, 2, 3, 4, 9].map((p) => ledgerLoss(t, p, 'union'))).toEqual([0, 0, 1, 1, 1, 1]);
    expect([0, 1, 2, 3, 4, 9].map((p) => ledgerLoss(t, p, 'graded'))).toEqual([0, 0, 0.2, 0.2, 0.4, 0.4]);
    expect([3, 4].map((p) => categoryLoss(t, 'financial', p))).toEqual([0, 1]);
    expect(unionFirstStep(trace({}))).toBe(-1);
    expect(ledgerLoss(trace({}), 50, 'union')).toBe(0);
  });

  it('zero at the empty prefix and non-decreasing in the prefix length (random traces)', () => {
    const firstStep = fc.record(
      Object.fromEntries(LEDGER_CATEGORIES.map((c) => [c, fc.integer({ min: -1, max: 30 })])) as Record<
        LedgerCategory,
        fc.Arbitrary<number>
      >,
    );
    fc.assert(
      fc.property(firstStep, fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 }), (fs, a, b) => {
        const t: LedgerTrace = { firstStep: fs, events: [] };
        const [p, q] = a <= b ? [a, b] : [b, a];
        for (const kind of ['union', 'graded'] as const) {
          if (ledgerLoss(t, 0, kind) !== 0) return false;
          if (ledgerLoss(t, p, kind) > ledgerLoss(t, q, kind)) return false;
          const v = ledgerLoss(t, q, kind);
          if (v < 0 || v > 1) return false;
        }
        for (const c of LEDGER_CATEGORIES) if (categoryLoss(t, c, p) > categoryLoss(t, c, q)) return false;
        const u = unionFirstStep(t);
        // the union fires exactly at its first step
        return u < 0 ? ledgerLoss(t, 41, 'union') === 0 : ledgerLoss(t, u, 'union') === 0 && ledgerLoss(t, u + 1, 'union') === 1;
      }),
      { numRuns: 2000, seed: 7 },
    );
  });
});
