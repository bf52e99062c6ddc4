import type { MonitorState } from './monitorState.ts';
import { LOG_WEALTH, bettingState, bettingUpdate } from './bettingEProcess.ts';
import { riskLowerBounds } from './riskLowerBounds.ts';

/** The monitor's figures after some episode count: H0 risk ≤ α tested by betting. */
export interface MonitorCheckpoint {
  /** Labelled episodes seen so far. */
  episodes: number;
  /** Σ executed-prefix ledger losses so far. */
  lossSum: number;
  /** The e-process K_t at m = α (bettingEProcess). */
  eValue: number;
  /** Lower end of the running betting confidence sequence for the risk (riskLowerBounds). */
  lowerBound: number;
}

export interface MonitorRisk {
  checkpoints: MonitorCheckpoint[];
  /** Episode count at which K first reached 1/δ (the alarm, anytime-valid at δ), null when it has not. */
  alarmAt: number | null;
}

/**
 * The monitor over every labelled episode so far, in arrival order: the betting e-process
 * for H0: risk(λ̂) ≤ α, its first crossing of 1/δ (Ville's inequality makes the alarm's false
 * alarm probability ≤ δ however often one looks), and the confidence sequence's lower bound,
 * after each of `checkpoints` (ascending episode counts, e.g. the end of each batch).
 */
export function monitorRisk(losses: ArrayLike<number>, alpha: number, delta: number, checkpoints: readonly number[]): MonitorRisk {
  const threshold = Math.log(1 / delta);
  const state = bettingState();
  let alarmAt: number | null = null;
  let lossSum = 0;
  const out: MonitorCheckpoint[] = [];
  let next = 0;
  const bounds = riskLowerBounds(losses, delta, checkpoints);
  for (let t = 0; t <= losses.length; t++) {
    while (next < checkpoints.length && checkpoints[next] === t) {
      out.push({ episodes: t, lossSum, eValue: Math.exp(state[LOG_WEALTH]!), lowerBound: bounds[next]! });
      next++;
    }
    if (t === losses.length) break;
    bettingUpdate(state, losses[t]!, alpha);
    lossSum += losses[t]!;
    if (alarmAt === null && state[LOG_WEALTH]! >= threshold) alarmAt = t + 1;
  }
  if (next !== checkpoints.length)
    throw new Error(`monitorRisk: expected ascending checkpoints within 0…${losses.length}, found ${checkpoints.join(', ')}`);
  return { checkpoints: out, alarmAt };
}

/**
 * {@link monitorRisk} over every batch a monitor state holds, in arrival order, with a
 * checkpoint at the end of each batch: what `carb monitor` reports after appending one.
 */
export function monitorStateRisk(state: MonitorState, alpha: number, delta: number): MonitorRisk {
  const losses = Uint8Array.from<string>(state.batches.map((b) => b.losses).join(''), (c) => (c === '1' ? 1 : 0));
  const ends: number[] = [];
  for (const b of state.batches) ends.push((ends.at(-1) ?? 0) + b.losses.length);
  return monitorRisk(losses, alpha, delta, ends);
}
