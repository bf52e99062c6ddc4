import type { Ledger } from './ledgerLoss.ts';
import { calibrationTarget } from './methods.ts';
import type { MethodName } from './types.ts';

/**
 * What a calibrated loss can take, by its definition (not by the values a sample happens to
 * show): 'binary' for {0, 1} losses, where the exact binomial tail is a valid p-value;
 * 'bounded' for any loss in [0, 1], where only Hoeffding–Bentkus is.
 */
export type LossKind = 'binary' | 'bounded';

/**
 * The union ledger is {0, 1}; the graded ledger (fifths) and the step-rate envelope (1/|P|)
 * are bounded but not binary. Null for no guard (nothing is calibrated).
 */
export function lossKind(method: MethodName, ledger: Ledger): LossKind | null {
  const target = calibrationTarget(method);
  if (target === 'none') return null;
  return target === 'ledger' && ledger === 'union' ? 'binary' : 'bounded';
}
