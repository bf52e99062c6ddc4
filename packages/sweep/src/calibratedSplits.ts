import { runProtocol, type BenignStopRule, type Budget, type MethodName, type Split, type SplitResult } from '@carb/calibrate';
import type { EpisodeLabels } from '@carb/episodes';
import type { BreakpointTable } from '@carb/replay';

/**
 * runProtocol at α on `tables`, the same way `carb calibrate` runs it: per method, one result
 * per split (indexed by split index) with λ̂ by Eq. 1 on the split's calibration fold (grid
 * index −1 infeasible; no guard gets the top of the grid) and the held-out metrics on its test
 * fold at λ̂ (stop-all when infeasible).
 */
export function calibratedSplits(
  tables: Partial<Record<MethodName, BreakpointTable>>,
  alpha: Budget,
  splits: readonly Split[],
  labels: readonly EpisodeLabels[],
  benignStop: BenignStopRule,
): Map<MethodName, SplitResult[]> {
  const { splitResults } = runProtocol({ tables, alphas: [alpha], splits, labels, benignStop });
  const out = new Map<MethodName, SplitResult[]>();
  for (const r of splitResults) {
    const method = r.method as MethodName;
    let column = out.get(method);
    if (!column) out.set(method, (column = new Array<SplitResult>(splits.length)));
    column[r.split] = r;
  }
  return out;
}
