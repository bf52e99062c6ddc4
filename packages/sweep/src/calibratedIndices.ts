import { runProtocol, type BenignStopRule, type MethodName, type Split, parseBudget } from '@carb/calibrate';
import type { EpisodeLabels } from '@carb/episodes';
import type { BreakpointTable } from '@carb/replay';

/**
 * λ̂ per method and split (grid index, −1 infeasible) by Eq. 1 at α on each split's calibration
 * fold of `tables`; no guard gets the top of the grid. runProtocol decides it exactly, the same
 * way `carb calibrate` does.
 */
export function calibratedIndices(tables: Partial<Record<MethodName, BreakpointTable>>, alpha: string, splits: readonly Split[], labels: readonly EpisodeLabels[], benignStop: BenignStopRule): Map<MethodName, Int32Array> {
  const { splitResults } = runProtocol({ tables, alphas: [parseBudget(alpha)], splits, labels, benignStop });
  const out = new Map<MethodName, Int32Array>();
  for (const r of splitResults) {
    const method = r.method as MethodName;
    let column = out.get(method);
    if (!column) out.set(method, (column = new Int32Array(splits.length)));
    column[r.split] = r.lambdaIndex;
  }
  return out;
}
