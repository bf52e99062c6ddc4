import type { AuditItem } from '../types.ts';
import { labelOf, type LabelSource } from './labelOf.ts';
import { mcnemarExact } from './mcnemar.ts';
import { proportion, type Proportion } from './proportion.ts';
import { wilsonInterval } from '@carb/io';

/** D_action, D_state, SRG (eq. 3) on one risky split, with the paired test and both Wilson intervals. */
export interface GainReport {
  dAction: Proportion;
  dState: Proportion;
  /** D_state − D_action; null on an empty split. */
  srg: number | null;
  /** Discordant pairs: W detects and E does not (b), E detects and W does not (c). */
  discordant: { stateOnly: number; actionOnly: number };
  /** McNemar's exact two-sided p on the paired decisions. */
  mcnemarP: number;
  wilson: { dAction: [number, number]; dState: [number, number] };
}

/**
 * State-Reconstruction Gain (App. E.2) of `state` (W) over `action` (E) on the risky items
 * `risky`: both evaluators judge the same terminal actions, so the test is paired.
 */
export function stateReconstructionGain(risky: readonly AuditItem[], action: LabelSource, state: LabelSource): GainReport {
  const e = risky.map((it) => labelOf(action, it.task_id, 'action-local evaluator'));
  const w = risky.map((it) => labelOf(state, it.task_id, 'state auditor'));
  const dAction = proportion(e);
  const dState = proportion(w);
  const stateOnly = w.filter((x, i) => x && !e[i]).length;
  const actionOnly = e.filter((x, i) => x && !w[i]).length;
  return {
    dAction,
    dState,
    srg: dState.rate === null || dAction.rate === null ? null : dState.rate - dAction.rate,
    discordant: { stateOnly, actionOnly },
    mcnemarP: mcnemarExact(stateOnly, actionOnly),
    wilson: { dAction: wilsonInterval(dAction.count, dAction.n), dState: wilsonInterval(dState.count, dState.n) },
  };
}
