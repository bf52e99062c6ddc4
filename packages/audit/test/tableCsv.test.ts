import { describe, expect, it } from 'vitest';
import { table1Csv, type AuditReport } from '../src/index.ts';

const p = (rate: number | null) => ({ rate });

/** A report holding one guardrail row; table1Csv reads nothing else. */
function report(name: string): AuditReport {
  const row = {
    name,
    ovr: p(0.5),
    rr: { overall: p(0.25), s: p(0), ar: p(null), sd: p(1) },
    benign: { fpr: p(0.125), admission: 0.875 },
    tsr: p(0.75),
  };
  return { guardrails: [row] } as unknown as AuditReport;
}

describe('table1Csv', () => {
  it('one row per guardrail, rates to two decimals, empty where not measurable', () => {
    expect(table1Csv(report('g-carb'))).toBe(
      'Guardrail,OVR,RR,S-RR,AR-RR,SD-RR,Benign FPR,Admission,TSR\ng-carb,0.50,0.25,0.00,,1.00,0.13,0.88,0.75\n',
    );
  });

  it('quotes a guardrail name holding a comma, a quote or a line break (a name from a decisions file must not add a column or a row)', () => {
    expect(table1Csv(report('mine, "v2"\nnew')).split('\n').slice(1).join('\n')).toBe(
      '"mine, ""v2""\nnew",0.50,0.25,0.00,,1.00,0.13,0.88,0.75\n',
    );
  });
});
