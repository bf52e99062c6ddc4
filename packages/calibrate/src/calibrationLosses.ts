import type { BreakpointTable } from '@carb/replay';
import type { Ledger } from './ledgerLoss.ts';
import { lossKind, type LossKind } from './lossKind.ts';
import { calibrationTarget } from './methods.ts';
import { envelopeStepLosses, ledgerStepLosses, type StepLosses } from './stepLosses.ts';
import type { MethodName } from './types.ts';

/**
 * The loss a method is calibrated on (Table 3) as step losses, with the p-value kind LTT may use:
 * the step-rate envelope for executed-step CRC, the chosen ledger otherwise; null for no guard.
 * runProtocol and a deploy fit (fitThreshold) both start here, so they calibrate the same thing.
 */
export function calibrationLosses(
  method: MethodName,
  table: BreakpointTable,
  ledger: Ledger,
): { losses: StepLosses; kind: LossKind } | null {
  const kind = lossKind(method, ledger);
  if (kind === null) return null;
  const losses = calibrationTarget(method) === 'envelope' ? envelopeStepLosses(table) : ledgerStepLosses(table, ledger);
  return { losses, kind };
}
