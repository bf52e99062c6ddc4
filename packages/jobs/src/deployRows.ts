import {
  METHOD_ORDER,
  calibrationLosses,
  fitThreshold,
  type Budget,
  type DeployRow,
  type Guarantee,
  type MethodName,
} from '@carb/calibrate';
import { gridValue, rationalValue } from '@carb/pipeline';
import type { BreakpointTable } from '@carb/replay';

export interface DeployInput {
  stratum: string;
  tables: Partial<Record<MethodName, BreakpointTable>>;
  alphas: readonly Budget[];
  /** In the order the rows are written; δ is null for expectation; batch m for the batch promise. */
  guarantees: ReadonlyArray<{ guarantee: Guarantee; delta: number | null; batch?: number }>;
  pipelineHash: string;
}

/**
 * The thresholds to ship: λ̂ fit on every episode of the stratum (not a split) for each
 * method and budget. No guard never stops (top of the grid); an infeasible budget gives
 * lambda null and index −1, which a loaded gate turns into stop-all.
 */
export function deployRows(d: DeployInput): DeployRow[] {
  // what the split evaluation calibrates each method on (same ledger, same loss kind), built once for every guarantee
  const methods = METHOD_ORDER.flatMap((method) => {
    const table = d.tables[method];
    return table
      ? [{ method, table, c: calibrationLosses(method, table, 'union'), all: Int32Array.from({ length: table.n }, (_, e) => e) }]
      : [];
  });
  const rows: DeployRow[] = [];
  for (const { guarantee, delta, batch } of d.guarantees) {
    const spec =
      guarantee === 'expectation'
        ? { kind: 'expectation' as const }
        : { kind: 'high-probability' as const, delta: delta!, ...(batch !== undefined ? { batch } : {}) };
    for (const { method, table, c, all } of methods) {
      for (const alpha of d.alphas) {
        const g = c ? fitThreshold(c.losses, all, alpha, spec, c.kind) : table.G - 1;
        rows.push({
          stratum: d.stratum,
          method,
          alpha: rationalValue(alpha),
          n: table.n,
          lambda: g < 0 ? null : gridValue(table.grid, g),
          lambdaIndex: g,
          guarantee,
          delta,
          ...(batch !== undefined ? { batch } : {}),
          pipelineHash: d.pipelineHash,
        });
      }
    }
  }
  return rows;
}
