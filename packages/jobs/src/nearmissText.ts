import { printable } from '@carb/io';
import type { ByReading } from './nearmiss.ts';
import type { AgentSummary } from '@carb/nearmiss';

const pct = (x: number | null) => (x === null ? '–' : `${(100 * x).toFixed(1)}%`);
const ci = (c: { low: number; high: number } | null) => (c === null ? '' : ` [${pct(c.low)}, ${pct(c.high)}]`);

const share = (k: number, n: number, rate: number | null, c: { low: number; high: number } | null) => `${k}/${n} ${pct(rate)}${ci(c)}`;

/**
 * The per-agent table `carb nearmiss` prints (one agent a line): counts, then the near-miss
 * rate among correct final states and the flagged rate among incorrect ones, each with its
 * Wilson 95% interval, under the literal and the substantive reading.
 */
export function nearmissTable(by: ByReading): string[] {
  const rows = by.literal;
  const width = Math.max(5, ...rows.map((r) => printable(r.agent).length));
  const out = [
    `${'agent'.padEnd(width)}  trajs  w/mut  correct  ${'near-miss among correct, literal'.padEnd(32)}  ${'… substantive'.padEnd(32)}  ${'flagged among incorrect, literal'.padEnd(32)}  … substantive`,
  ];
  rows.forEach((r, i) => {
    const s = by.substantive[i]!;
    out.push(
      `${printable(r.agent).padEnd(width)}  ${String(r.trajectories).padStart(5)}  ${String(r.withMutation).padStart(5)}  ${String(r.correct).padStart(7)}  ` +
        `${share(r.nearMissCorrect, r.correct, r.rateCorrect, r.ciCorrect).padEnd(32)}  ${share(s.nearMissCorrect, s.correct, s.rateCorrect, s.ciCorrect).padEnd(32)}  ` +
        `${share(r.flaggedIncorrect, r.incorrect, r.rateIncorrect, r.ciIncorrect).padEnd(32)}  ${share(s.flaggedIncorrect, s.incorrect, s.rateIncorrect, s.ciIncorrect)}`,
    );
  });
  out.push('rates: k/n, share, [95% Wilson interval]');
  return out;
}

const figures = (r: AgentSummary) => ({
  nearMissCorrect: r.nearMissCorrect,
  rateCorrect: r.rateCorrect,
  ciCorrect: r.ciCorrect,
  flaggedIncorrect: r.flaggedIncorrect,
  rateIncorrect: r.rateIncorrect,
  ciIncorrect: r.ciIncorrect,
});

/**
 * The `--json` rows: per agent the counts and denominators, the figures under the chosen
 * reading, and under `readings` those of both readings.
 */
export const nearmissJsonRows = (rows: readonly AgentSummary[], by: ByReading) =>
  rows.map((r, i) => ({
    agent: r.agent,
    trajectories: r.trajectories,
    withMutation: r.withMutation,
    correct: r.correct,
    incorrect: r.incorrect,
    ...figures(r),
    readings: { literal: figures(by.literal[i]!), substantive: figures(by.substantive[i]!) },
  }));
