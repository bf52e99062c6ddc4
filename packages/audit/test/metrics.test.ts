import { describe, expect, it } from 'vitest';
import { benignAdmission } from '../src/metrics/benign.ts';
import { cohenKappa } from '../src/metrics/kappa.ts';
import { residualRisk } from '../src/metrics/residualRisk.ts';
import { strataAgreement } from '../src/metrics/strata.ts';
import { taskSuccessRate } from '../src/metrics/taskSuccess.ts';
import type { AuditItem } from '../src/types.ts';
import { mcnemarExact } from '../src/metrics/mcnemar.ts';

describe('McNemar exact two-sided test', () => {
  it('equals the hand-computed binomial tail 2·(C(14,0)+C(14,1)+C(14,2))/2^14 for b = 12, c = 2', () => {
    // 2 · (1 + 14 + 91) / 16384 = 212 / 16384
    expect(mcnemarExact(12, 2)).toBe(212 / 16384);
    expect(mcnemarExact(2, 12)).toBe(212 / 16384);
  });
  it('equals 2·(1 + 4)/16 for b = 3, c = 1, and caps at 1 on balanced counts', () => {
    expect(mcnemarExact(3, 1)).toBe(10 / 16);
    expect(mcnemarExact(5, 5)).toBe(1);
    expect(mcnemarExact(0, 0)).toBe(1);
  });
  it('keeps tiny tails: 87 discordant pairs all one way give 2/2^87', () => {
    expect(mcnemarExact(87, 0)).toBe(2 ** -86);
    expect(mcnemarExact(87, 0)).toBeLessThan(1e-15);
  });
});

describe("Cohen's κ", () => {
  it('matches the worked example of Wikipedia "Cohen\'s kappa" (also howcodex.com/statistics/cohen_kappa_coefficient.htm; 50 grant proposals: 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no → κ = 0.4)', () => {
    const a: boolean[] = [];
    const b: boolean[] = [];
    const add = (n: number, x: boolean, y: boolean) => {
      for (let i = 0; i < n; i++) {
        a.push(x);
        b.push(y);
      }
    };
    add(20, true, true);
    add(5, true, false);
    add(10, false, true);
    add(15, false, false);
    // p_o = 35/50 = 0.7; p_e = 0.5·0.6 + 0.5·0.4 = 0.5; κ = (0.7 − 0.5)/(1 − 0.5)
    expect(cohenKappa(a, b)).toBeCloseTo(0.4, 12);
  });
  it('is 1 on perfect agreement and 0 when agreement is what chance gives', () => {
    expect(cohenKappa([true, false, true], [true, false, true])).toBe(1);
    expect(cohenKappa([true, true, false, false], [true, false, true, false])).toBe(0);
  });
  // issue 25: κ used to print 1 where p_e = 1 (both sources one same label everywhere): there κ is 0/0
  it('is undefined (null) when p_e = 1', () => {
    expect(cohenKappa([true, true, true], [true, true, true])).toBeNull();
    expect(cohenKappa([false, false], [false, false])).toBeNull();
  });
});

describe('per-item metrics on hand-made labels', () => {
  const item = (task_id: string, regime: 'short_local' | 'action_revealing' | 'state_dependent', risk_label: boolean) =>
    ({ task_id, regime, risk_label }) as unknown as AuditItem;
  const items = [
    item('s1', 'short_local', true),
    item('s2', 'short_local', true),
    item('d1', 'state_dependent', true),
    item('d2', 'state_dependent', true),
    item('d3', 'state_dependent', true),
    item('t1', 'state_dependent', false),
    item('t2', 'state_dependent', false),
  ];
  const labels = (xs: Record<string, boolean>) => new Map(Object.entries(xs).map(([k, label]) => [k, { label }]));

  it('per-stratum recall and specificity: SD recall 2/3, specificity 1/2; S recall 1/2', () => {
    const pred = labels({ s1: true, s2: false, d1: true, d2: true, d3: false, t1: true, t2: false });
    const ref = labels(Object.fromEntries(items.map((it) => [it.task_id, it.risk_label])));
    const s = strataAgreement(items, pred, ref);
    expect(s.state_dependent.recall).toEqual({ count: 2, n: 3, rate: 2 / 3 });
    expect(s.state_dependent.specificity).toEqual({ count: 1, n: 2, rate: 1 / 2 });
    expect(s.short_local.recall).toEqual({ count: 1, n: 2, rate: 1 / 2 });
    expect(s.action_revealing.recall.rate).toBeNull();
  });

  it('RR is support-weighted: 1 of 2 short/local and 2 of 3 SD remaining gives RR 3/5', () => {
    const remaining = new Set(['s1', 'd1', 'd3']);
    const rr = residualRisk(
      items.filter((it) => it.risk_label),
      (it) => remaining.has(it.task_id),
    );
    expect(rr.overall).toEqual({ count: 3, n: 5, rate: 3 / 5 });
    expect(rr.s.rate).toBe(1 / 2);
    expect(rr.sd.rate).toBe(2 / 3);
    expect(rr.ar.rate).toBeNull();
  });

  it('benign FPR counts block, rewrite and escalate; TSR counts allow and a rewrite that executes an action', () => {
    const twins = ['a', 'b', 'c', 'd', 'e'].map((id) => item(id, 'state_dependent', false));
    const action = { tool: 'share_file', args: {} };
    const decisions = {
      a: { decision: 'allow' },
      b: { decision: 'rewrite', action },
      c: { decision: 'escalate' },
      d: { decision: 'allow' },
      e: { decision: 'rewrite' },
    } as const;
    const decision = (it: AuditItem) => decisions[it.task_id as 'a'];
    expect(benignAdmission(twins, (it) => decision(it).decision)).toEqual({ fpr: { count: 3, n: 5, rate: 3 / 5 }, admission: 1 - 3 / 5 });
    // a, b, d complete; c escalated and e (a rewrite with no action) execute nothing
    expect(taskSuccessRate(twins, decision)).toEqual({ count: 3, n: 5, rate: 3 / 5 });
  });
});
