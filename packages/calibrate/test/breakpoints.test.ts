import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { EpisodeLabels } from '@carb/episodes';
import { LEDGER_CATEGORIES, gridValue } from '@carb/pipeline';
import { stepRate, type OutcomeTable } from '@carb/replay';
import { lcm } from '@carb/pipeline';
import { denseCrcThreshold, parseBudget, runProtocol, type Split } from '../src/index.ts';
import { buildDenseTable, buildTable, type SynthEpisode } from './helpers/tableBuilder.ts';

/** Eq. 1 on dense rows (denseCrc.ts) for the union / graded ledger or the step-rate envelope r̃, in exact integer units. */
function denseLambda(t: OutcomeTable, target: 'union' | 'graded' | 'envelope', cal: Int32Array, alpha: string): number {
  const { n, G } = t;
  if (target !== 'envelope') {
    return denseCrcThreshold(target === 'union' ? t.lossUnion : t.lossCount, G, cal, target === 'union' ? 1n : 5n, parseBudget(alpha));
  }
  // r per row from replay's stepRate (the dense definition), then its running max, in units of 1/lcm
  const ps = new Set<number>();
  for (let e = 0; e < n; e++)
    for (let g = 0; g < G; g++) {
      const r = stepRate(t, e * G + g, e);
      if (r > 0) ps.add(Math.round(1 / r));
    }
  const D = lcm(ps);
  const units = new Float64Array(n * G);
  for (let e = 0; e < n; e++) {
    let env = 0;
    for (let g = 0; g < G; g++) {
      const r = stepRate(t, e * G + g, e);
      if (r > 0) env = Math.max(env, Number(D / BigInt(Math.round(1 / r))));
      units[e * G + g] = env;
    }
  }
  return denseCrcThreshold(units, G, cal, D, parseBudget(alpha));
}

const episodeArb = (G: number) =>
  fc.integer({ min: 0, max: 6 }).chain((T) =>
    fc.record({
      allowFrom: fc.array(fc.integer({ min: 1, max: G }), { minLength: T, maxLength: T }),
      ctx: fc.array(fc.integer({ min: 1, max: 7 }), { minLength: T, maxLength: T }),
      firsts: fc.array(fc.integer({ min: -2, max: Math.max(0, T - 1) }), {
        minLength: LEDGER_CATEGORIES.length,
        maxLength: LEDGER_CATEGORIES.length,
      }),
      completed: fc.boolean(),
      completedAt: fc.option(fc.integer({ min: 0, max: Math.max(0, T - 1) })),
      harmful: fc.boolean(),
      sink: fc.integer({ min: 0, max: T + 1 }),
      benign: fc.uniqueArray(fc.integer({ min: 0, max: T }), { maxLength: 3 }),
    }),
  );

const caseArb = fc.integer({ min: 3, max: 9 }).chain((d) =>
  fc.record({
    d: fc.constant(d),
    eps: fc.array(episodeArb(d + 2), { minLength: 2, maxLength: 24 }),
    ledger: fc.constantFrom('union' as const, 'graded' as const),
    alphas: fc.array(
      fc.integer({ min: 0, max: 40 }).map((k) => (k / 40).toFixed(3).replace(/^0/, '')),
      { minLength: 1, maxLength: 4 },
    ),
    seed: fc.integer({ min: 0, max: 2 ** 30 }),
    rule: fc.constantFrom('ces' as const, 'graph-braid' as const),
  }),
);

describe('protocol on breakpoint tables vs the dense episode × grid reference', () => {
  it('λ̂ (Eq. 1 via denseCrc.ts) and every held-out metric, harm and benign stop included, equal the dense rows on random tables', () => {
    fc.assert(
      fc.property(caseArb, ({ d, eps, ledger, alphas, seed, rule }) => {
        const grid = { bottom: -1, denominator: d };
        const synth: SynthEpisode[] = eps.map((x, i) => ({
          id: `e${i}`,
          allowFrom: x.allowFrom,
          ctx: x.ctx,
          completed: x.completed,
          completedAt: x.completedAt !== null && x.completedAt < x.allowFrom.length ? x.completedAt : null,
          firstStep: Object.fromEntries(
            LEDGER_CATEGORIES.flatMap((k, j) => (x.firsts[j]! >= 0 && x.firsts[j]! < x.allowFrom.length ? [[k, x.firsts[j]!]] : [])),
          ),
        }));
        const bt = buildTable('graph', synth, grid);
        const dense = buildDenseTable('graph', synth, grid);
        let s = seed;
        const rnd = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
        const order = synth.map((_, i) => i).sort(() => rnd() - 0.5);
        const cut = 1 + Math.floor(rnd() * (order.length - 1));
        const split: Split = { index: 0, seed: 0, cal: Int32Array.from(order.slice(0, cut)), test: Int32Array.from(order.slice(cut)) };
        const labels: EpisodeLabels[] = eps.map((x, i) => ({
          id: `e${i}`,
          pair: `p${i}`,
          kind: x.harmful ? 'leak' : 'public-send',
          harmful: x.harmful,
          sinkStep: x.harmful ? x.sink : null,
          benignBranchSteps: rule === 'ces' ? [] : x.benign,
        }));
        const run = (t: typeof bt) =>
          runProtocol({
            tables: { 'no-guard': t, 'executed-step-crc': t, 'g-carb': t },
            alphas: alphas.map(parseBudget),
            splits: [split],
            ledger,
            labels,
            benignStop: rule,
          });
        const res = run(bt);
        const { G } = dense;
        for (const r of res.splitResults) {
          const target = r.method === 'no-guard' ? null : r.method === 'executed-step-crc' ? 'envelope' : ledger;
          const g = target === null ? G - 1 : denseLambda(dense, target, split.cal, r.alphaText);
          expect(r.lambdaIndex).toBe(g);
          expect(r.lambdaHat).toBe(g < 0 ? null : gridValue(grid, g));
          const at = Math.max(0, g);
          let loss = 0,
            stops = 0,
            wins = 0,
            rate = 0,
            sel = 0,
            full = 0,
            harmful = 0,
            harmStopped = 0,
            benignDen = 0,
            benignStopped = 0;
          for (const e of split.test) {
            const row = e * G + at;
            loss += ledger === 'union' ? dense.lossUnion[row]! : dense.lossCount[row]! / 5;
            if (dense.stopStep[row]! >= 0) stops++;
            wins += dense.success[row]!;
            rate += stepRate(dense, row, e);
            sel += dense.ctxSelected[row]!;
            full += dense.ctxFull[row]!;
            const stopAt = dense.stopStep[row]!;
            if (eps[e]!.harmful) {
              harmful++;
              if (dense.executed[row]! <= eps[e]!.sink) harmStopped++;
            }
            if (rule === 'ces' ? !eps[e]!.harmful : true) {
              benignDen++;
              if (stopAt >= 0 && (rule === 'ces' || eps[e]!.benign.includes(stopAt))) benignStopped++;
            }
          }
          const m = split.test.length;
          expect([r.loss, r.intervention, r.utility, r.stepRate]).toEqual([loss / m, stops / m, wins / m, rate / m]);
          expect([r.ctxSelected, r.ctxFull]).toEqual(target === null ? [0, 0] : [sel, full]);
          expect([r.harmStop, r.benignStop]).toEqual([
            harmful ? harmStopped / harmful : null,
            benignDen ? benignStopped / benignDen : null,
          ]);
        }
      }),
      { numRuns: 300, seed: 20261201 },
    );
  });
});
