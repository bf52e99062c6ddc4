import { describe, expect, it } from 'vitest';
import type { SummaryRow } from '@carb/calibrate';
import { parseMarkdownTable, summaryTable, table4, table5, table6, table7, table8, type LabeledRows } from '../src/index.ts';
import { diff, nudge, num, row } from './rows.ts';

/** Body cells of a rendered table. */
const body = (md: string) => parseMarkdownTable(md).rows;

// g-carb.md App. F.2, Table 8, as printed (cohort, method, L̄, harm stop, benign stop, I, U, CtxRed)
const TABLE8 = `CES clean: 80/80	No guard	.500	.000	.000	.000	1.000	–
	Ledger-current	.000	1.000	1.000	1.000	.000	.846
	Full-prefix	.000	1.000	.000	.500	.500	.000
	Fixed-window-4	.000	1.000	.000	.500	.500	.462
	Equal-size random	.000	1.000	1.000	1.000	.000	.346
	G-CARB	.000	1.000	.000	.500	.500	.346
CES near-miss: 80/240	No guard	.250	.000	.000	.000	1.000	–
	Ledger-current	.000	1.000	.667	.750	.250	.853
	Full-prefix	.000	1.000	.333	.500	.500	.000
	Fixed-window-4	.000	1.000	.333	.500	.500	.481
	Equal-size random	.000	1.000	.667	.750	.250	.395
	G-CARB	.000	1.000	.000	.250	.750	.395
Graph-braid: 2,000	No guard	.390	.000	.000	.000	1.000	–
	Ledger-current	.000	1.000	.000	.390	.610	.898
	Full-prefix	.000	1.000	.095	1.000	.000	.000
	Fixed-window-4	.000	1.000	.095	1.000	.000	.067
	Equal-size random	.000	1.000	.079	.905	.095	.450
	G-CARB	.000	1.000	.000	.390	.610	.471`;

const METHOD_ID: Record<string, string> = {
  'No guard': 'no-guard',
  'Ledger-current': 'ledger-current',
  'Full-prefix': 'full-prefix',
  'Fixed-window-4': 'fixed-window-4',
  'Equal-size random': 'equal-size-random',
  'G-CARB': 'g-carb',
};

const lines = (tsv: string) => tsv.split('\n').map((l) => l.split('\t'));

function table8Groups(perturb: boolean): LabeledRows[] {
  const groups: LabeledRows[] = [];
  let i = 0;
  const v = (cell: string) => {
    const x = num(cell);
    return x === null || !perturb ? x : nudge(x, i++);
  };
  // feed the rows in reverse so the renderer's Table 3 ordering is exercised
  for (const [cohort, method, L, harm, benign, I, U, ctx] of lines(TABLE8)) {
    if (cohort) groups.push({ label: cohort, rows: [] });
    const r = row(METHOD_ID[method!]!, method === 'No guard' ? 0.05 : 0.1, {
      meanLoss: v(L!)!,
      harmStop: v(harm!),
      benignStop: v(benign!),
      intervention: v(I!)!,
      utility: v(U!)!,
      ctxRed: v(ctx!),
    });
    groups.at(-1)!.rows.unshift(r);
    // a row at another budget must not leak into the α = .10 table
    groups.at(-1)!.rows.push(row(METHOD_ID[method!]!, 0.2, { meanLoss: 0.9 }));
  }
  return groups;
}

describe('Table 8 (golden, paper values)', () => {
  it('prints every cell exactly as the paper, for exact and nudged inputs', () => {
    const expected = lines(TABLE8);
    for (const perturb of [false, true]) {
      const md = table8(table8Groups(perturb));
      expect(body(md)).toEqual(expected);
    }
    const md = table8(table8Groups(false));
    expect(md.split('\n')[0]).toBe('| Cohort | Method | L̄ | Harm stop | Benign stop | I | U | CtxRed |');
    expect(md.split('\n')[2]).toBe('| CES clean: 80/80 | No guard | .500 | .000 | .000 | .000 | 1.000 | – |');
  });
});

// App. E.1, Table 4: backbone, α, exec-step r, L̄, then L̄ I U for Full-prefix, equal-size random, G-CARB
const TABLE4 = `Qwen2.5	.050	.027	.133	.044	.680	.065	.035	.515	.168	.035	.516	.167
	.100	.027	.133	.072	.406	.222	.077	.332	.261	.077	.351	.250
Qwen3	.050	.034	.154	.046	.989	.001	.041	.992	.002	.041	.992	.002
	.100	.044	.225	.092	.826	.025	.085	.535	.107	.085	.537	.106`;

function table4Groups(perturb: boolean): LabeledRows[] {
  const groups: LabeledRows[] = [];
  let i = 0;
  const v = (cell: string) => (perturb ? nudge(num(cell)!, i++) : num(cell)!);
  for (const [backbone, a, r, crcL, ...rest] of lines(TABLE4)) {
    if (backbone) groups.push({ label: backbone, rows: [] });
    const alpha = num(a!)!;
    const rows = groups.at(-1)!.rows;
    rows.push(row('executed-step-crc', alpha, { stepRate: v(r!), meanLoss: v(crcL!) }));
    ['full-prefix', 'equal-size-random', 'g-carb'].forEach((m, k) => {
      rows.push(row(m, alpha, { meanLoss: v(rest[3 * k]!), intervention: v(rest[3 * k + 1]!), utility: v(rest[3 * k + 2]!) }));
    });
    // budgets the paper does not display in Table 4
    rows.push(row('g-carb', 0.025, { meanLoss: 0.02 }), row('g-carb', 0.2, { meanLoss: 0.13 }));
  }
  return groups;
}

describe('Table 4 (golden, paper values)', () => {
  it('prints every cell exactly as the paper at the displayed budgets', () => {
    for (const perturb of [false, true]) {
      expect(body(table4(table4Groups(perturb), { alphas: [0.05, 0.1] }))).toEqual(lines(TABLE4));
    }
  });
  it('ends a backbone with the no-guard line under the same columns', () => {
    const groups = table4Groups(false);
    // no guard: L̄ .133 and U .436 for Qwen2.5 (App. E.1 and E.3); r is a hand value
    groups[0]!.rows.push(row('no-guard', 0.05, { stepRate: 0.0312, meanLoss: 0.133, intervention: 0, utility: 0.436 }));
    const rows = body(table4(groups, { alphas: [0.05, 0.1] }));
    expect(rows[2]).toEqual(['', 'no guard', '.031', '.133', '.133', '.000', '.436', '.133', '.000', '.436', '.133', '.000', '.436']);
    expect(rows[3]![0]).toBe('Qwen3');
    expect(rows).toHaveLength(5); // Qwen3 has no no-guard row here, so no line
  });
  it('defaults to the four table budgets present', () => {
    const rows = body(table4(table4Groups(false)));
    expect(rows.map((r) => r[1])).toEqual(['.025', '.050', '.100', '.200', '.025', '.050', '.100', '.200']);
    expect(rows[0]!.slice(2, 5)).toEqual(['–', '–', '–']); // cells of methods absent at .025
    expect(rows[0]![10]).toBe('.020');
  });
});

// App. E.2, Table 5: Full-prefix min/median/max, G-CARB min/median/max, feasible
const TABLE5 = `Qwen2.5	.025	.24	.54	.84	.13	.44	.58	200/200
	.050	.58	.84	.98	.44	.58	.72	200/200
	.100	.99	.99	.99	.99	.99	.99	200/200
	.200	1.00	1.00	1.00	1.00	1.00	1.00	200/200
Qwen3	.025	.24	.24	.35	.13	.13	.25	200/200
	.050	.24	.37	.54	.13	.25	.44	200/200
	.100	.54	.58	.84	.44	.58	.58	200/200
	.200	.99	.99	1.00	.99	.99	1.00	200/200`;

describe('Table 5 (golden, paper values)', () => {
  it('prints thresholds at 2 decimals and the feasible count', () => {
    const groups: LabeledRows[] = [];
    for (const [backbone, a, ...t] of lines(TABLE5)) {
      if (backbone) groups.push({ label: backbone, rows: [] });
      const alpha = num(a!)!;
      // grid values are (g − 1)/100, computed by division as the grid does
      const lam = (c: string) => Math.round(num(c)! * 100) / 100;
      groups
        .at(-1)!
        .rows.push(
          row('full-prefix', alpha, { lambdaMin: lam(t[0]!), lambdaMedian: lam(t[1]!), lambdaMax: lam(t[2]!) }),
          row('g-carb', alpha, { lambdaMin: lam(t[3]!), lambdaMedian: lam(t[4]!), lambdaMax: lam(t[5]!) }),
        );
    }
    expect(body(table5(groups))).toEqual(lines(TABLE5));
  });
  it('shows infeasible cells and disagreeing feasible counts', () => {
    const rows: SummaryRow[] = [
      row('full-prefix', 0.025, { feasible: 0 }),
      row('g-carb', 0.025, { feasible: 3, lambdaMin: -1, lambdaMedian: -1, lambdaMax: 0.05 }),
    ];
    expect(body(table5([{ label: 'tiny', rows }]))).toEqual([['tiny', '.025', '–', '–', '–', 'λ⊥', 'λ⊥', '.05', '0/200; 3/200']]);
  });
});

// App. E.3, Table 6
const TABLE6 = `Qwen2.5	.05	-.009	-.163	+.102
		[-.016,.004]	[-.280,-.102]	[.063,.171]
Qwen2.5	.10	+.005	-.055	+.029
		[.002,.008]	[-.067,-.043]	[.018,.037]
Qwen3	.05	-.005	+.003	+.000
		[-.033,.004]	[-.004,.053]	[-.002,.002]
Qwen3	.10	-.007	-.289	+.081
		[-.024,.016]	[-.427,-.081]	[.030,.118]`;

describe('Table 6 (golden, paper values)', () => {
  it('prints signed means and [p5,p95] rows', () => {
    const l = lines(TABLE6);
    const groups: LabeledRows<ReturnType<typeof diff>>[] = [
      { label: 'Qwen2.5', rows: [] },
      { label: 'Qwen3', rows: [] },
    ];
    const pair = (s: string) =>
      s
        .slice(1, -1)
        .split(',')
        .map((c) => num(c)!);
    for (let k = 0; k < l.length; k += 2) {
      const [backbone, a, dl, di, du] = l[k]!;
      const [, , rl, ri, ru] = l[k + 1]!;
      const [l5, l95] = pair(rl!);
      const [i5, i95] = pair(ri!);
      const [u5, u95] = pair(ru!);
      // the Qwen3 .05 utility difference is a small positive number that rounds to zero
      const dU = du === '+.000' ? 0.0003 : num(du!)!;
      groups.find((g) => g.label === backbone)!.rows.push(diff(num(a!)!, [num(dl!)!, l5!, l95!, num(di!)!, i5!, i95!, dU, u5!, u95!]));
    }
    // a different pair must not appear in this table
    groups[0]!.rows.push({ ...diff(0.05, [1, 1, 1, 1, 1, 1, 1, 1, 1]), method: 'equal-size-random' });
    // the paper prints Table 6's α as ".05"; the report prints every α one way (".050", as Tables 4, 5, 7)
    expect(body(table6(groups))).toEqual(l.map((r) => (r[1] ? [r[0]!, `${r[1]}0`, ...r.slice(2)] : r)));
  });
});

// App. E.4, Table 7
const TABLE7 = `Qwen2.5	.025	.022	.869	.010	.130	.022	.977	.008	.494
	.050	.044	.669	.072	.159	.035	.515	.168	.565
	.100	.072	.395	.228	.175	.077	.332	.261	.596
	.200	.133	.000	.436	.201	.133	.000	.436	.580
Qwen3	.025	.001	1.000	.000	.003	.000	1.000	.000	.089
	.050	.046	.989	.002	.133	.041	.992	.002	.511
	.100	.092	.818	.028	.188	.085	.535	.107	.590
	.200	.149	.369	.176	.242	.159	.320	.196	.646`;

describe('Table 7 (golden, paper values)', () => {
  it('prints L̄ I U CtxRed of both context controls', () => {
    const groups: LabeledRows[] = [];
    let i = 0;
    for (const [backbone, a, ...c] of lines(TABLE7)) {
      if (backbone) groups.push({ label: backbone, rows: [] });
      const alpha = num(a!)!;
      const v = (k: number) => nudge(num(c[k]!)!, i++);
      groups
        .at(-1)!
        .rows.push(
          row('fixed-window-4', alpha, { meanLoss: v(0), intervention: v(1), utility: v(2), ctxRed: v(3) }),
          row('equal-size-random', alpha, { meanLoss: v(4), intervention: v(5), utility: v(6), ctxRed: v(7) }),
        );
    }
    expect(body(table7(groups))).toEqual(lines(TABLE7));
  });
});

describe('dense-frontier budgets stay out of the tables by default', () => {
  it('Table 6 and the all-methods table show the table budgets, or every budget on request', () => {
    const paired = [{ label: 'm', rows: [diff(1 / 377, [0, 0, 0, 0, 0, 0, 0, 0, 0]), diff(0.05, [0.01, 0, 0.02, 0, 0, 0, 0, 0, 0])] }];
    expect(body(table6(paired)).map((r) => r[1])).toEqual(['.050', '']);
    expect(body(table6(paired, { alphas: [1 / 377] }))[0]!.slice(1, 3)).toEqual(['.002653', '+.000']);
    const rows = [
      row('g-carb', 1 / 377),
      row('g-carb', 0.05, { meanLoss: 0.0449, lossP5: 0.02, lossP95: 0.0625, feasible: 199, lambdaMedian: 0.58 }),
      row('no-guard', 0.05, { meanLoss: 0.133 }),
    ];
    const all = body(summaryTable(rows, { alphas: 'all' }));
    // 1/377 prints exactly enough to tell it from .003
    expect(all.map((r) => `${r[0]!} ${r[1]!}`)).toEqual(['.002653 G-CARB', '.050 No guard', '.050 G-CARB']);
    expect(body(summaryTable(rows))).toEqual([
      ['.050', 'No guard', '.133', '[.000,.000]', '.000', '.000', '[.000,.000]', '.000', '–', '–', '200/200'],
      ['.050', 'G-CARB', '.045', '[.020,.062]', '.000', '.000', '[.000,.000]', '.000', '–', '.58', '199/200'],
    ]);
  });
});
