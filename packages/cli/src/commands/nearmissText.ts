import { printable } from '@carb/io';
import type { AgentSummary } from '@carb/nearmiss';

const pct = (x: number | null) => (x === null ? '–' : `${(100 * x).toFixed(1)}%`);
const ci = (c: { low: number; high: number } | null) => (c === null ? '' : ` [${pct(c.low)}, ${pct(c.high)}]`);

/** The per-agent table `carb nearmiss` prints (one agent a line). */
export function nearmissTable(rows: readonly AgentSummary[]): string[] {
  const width = Math.max(5, ...rows.map((r) => printable(r.agent).length));
  const out = [`${'agent'.padEnd(width)}  trajs  w/mut  correct  near-miss among correct (95% Wilson)   flagged among incorrect (95% Wilson)`];
  for (const r of rows) {
    out.push(
      `${printable(r.agent).padEnd(width)}  ${String(r.trajectories).padStart(5)}  ${String(r.withMutation).padStart(5)}  ${String(r.correct).padStart(7)}  ` +
        `${`${r.nearMissCorrect}/${r.correct} ${pct(r.rateCorrect)}${ci(r.ciCorrect)}`.padEnd(37)}  ${r.flaggedIncorrect}/${r.incorrect} ${pct(r.rateIncorrect)}${ci(r.ciIncorrect)}`,
    );
  }
  return out;
}

/** The `--json` rows: the per-agent figures the issue names, in that order. */
export const nearmissJsonRows = (rows: readonly AgentSummary[]) =>
  rows.map((r) => ({ agent: r.agent, trajectories: r.trajectories, withMutation: r.withMutation, correct: r.correct, nearMissCorrect: r.nearMissCorrect, rateCorrect: r.rateCorrect, rateIncorrect: r.rateIncorrect }));
