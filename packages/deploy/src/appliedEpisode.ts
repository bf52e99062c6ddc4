import type { BreakpointTable } from '@carb/replay';

/** One new episode under the deployed gate: what `carb apply` writes per episode (content-free). */
export interface AppliedEpisode {
  id: string;
  stratum: string;
  /** Logged proposals. */
  steps: number;
  /** The proposal the gate stops before, null when it runs to its end. */
  stopStep: number | null;
  /** q at the stop, exact decimal text; null without a stop. */
  stopScore: string | null;
  /** Largest q over the logged proposals (label-free), null for an empty episode. */
  maxScore: string | null;
  /** |C_t| of the stopped proposal; null without a stop. */
  contextSize: number | null;
  /** Proposals executed before the stop (all of them without one). */
  executed: number;
  /** First-stop index: the smallest grid index at which the gate lets it run to its end (the shift check's statistic). */
  runsFrom: number;
  /** Union ledger loss of the executed prefix (0 or 1). */
  loss: 0 | 1;
  /** Ledger events of the executed prefix, `step:category`, in step order. */
  ledgerEvents: string[];
  /** The ungated log completed its task (its recorded outcome). */
  taskCompleted: 0 | 1;
  /** Autonomous success: the task completed within the executed prefix. */
  success: 0 | 1;
}

/**
 * Episode e of a breakpoint table under the gate at grid index g (Proposition 2: the gate
 * stops where replay's step function says): it stops before the first proposal t with
 * executesFrom[t] > g, loss is g ≥ unionLossFrom, success g ≥ successFrom. So the means over
 * episodes are replay's grid means at g, by construction from the same table.
 */
export function appliedEpisode(
  t: BreakpointTable,
  e: number,
  g: number,
  extra: {
    stratum: string;
    scores: readonly string[];
    scoreValues: readonly number[];
    events: ReadonlyArray<{ step: number; category: string }>;
  },
): AppliedEpisode {
  const base = t.stepOffset[e]!;
  const T = t.stepOffset[e + 1]! - base;
  const stopped = g < t.runsFrom[e]!;
  let executed = T;
  if (stopped) {
    executed = 0;
    while (executed < T && t.executesFrom[base + executed]! <= g) executed++;
  }
  let maxAt = -1;
  extra.scoreValues.forEach((q, k) => {
    if (maxAt < 0 || q > extra.scoreValues[maxAt]!) maxAt = k;
  });
  const events = extra.events.filter((ev) => ev.step < executed).map((ev) => `${ev.step}:${ev.category}`);
  return {
    id: t.ids[e]!,
    stratum: extra.stratum,
    steps: T,
    stopStep: stopped ? executed : null,
    stopScore: stopped ? (extra.scores[executed] ?? null) : null,
    maxScore: maxAt < 0 ? null : extra.scores[maxAt]!,
    contextSize: stopped && executed < T ? t.contextSize[base + executed]! : null,
    executed,
    runsFrom: t.runsFrom[e]!,
    loss: g >= t.unionLossFrom[e]! ? 1 : 0,
    ledgerEvents: [...new Set(events)],
    taskCompleted: t.taskCompleted[e] ? 1 : 0,
    success: g >= t.successFrom[e]! ? 1 : 0,
  };
}
