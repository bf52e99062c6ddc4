import { parseBudget, type Guarantee, type MethodName } from '@carb/calibrate';
import { rationalValue } from '@carb/pipeline';
import { UsageError } from '@carb/io';
import type { IndexedRow } from './readDeploy.ts';

/** What picks one deploy.json row: method and α, within a stratum and guarantee. */
export interface RowCriteria {
  method: MethodName;
  /** α as typed (decimal or fraction). */
  alpha: string;
  stratum: string;
  guarantee: Guarantee;
}

const FLAGS = '--method/--alpha/--stratum/--guarantee';

/**
 * The one row matching the criteria. No match, or several (rows differing only in δ, or a
 * repeated row), is a usage error that lists what the file has, so the next try can succeed.
 */
export function selectRow(file: string, rows: readonly IndexedRow[], c: RowCriteria): IndexedRow {
  const alpha = rationalValue(parseBudget(c.alpha));
  const hits = rows.filter(
    ({ row }) => row.method === c.method && row.alpha === alpha && row.stratum === c.stratum && row.guarantee === c.guarantee,
  );
  const wanted = `method ${c.method}, α ${c.alpha}, stratum ${c.stratum}, guarantee ${c.guarantee}`;
  if (hits.length === 1) return hits[0]!;
  if (hits.length > 1) {
    throw new UsageError(
      `${FLAGS}: expected one row of ${file} with ${wanted}, found ${hits.length} (rows ${hits.map((h) => `${h.index}${h.row.delta === null ? '' : ` δ ${h.row.delta}`}`).join(', ')})`,
    );
  }
  throw new UsageError(`${FLAGS}: expected a row of ${file} with ${wanted}, found none; it has ${describeRows(rows)}`);
}

/** `stratum all, expectation: g-carb α .025 .05, full-prefix α .05; stratum …` (one line). */
export function describeRows(rows: readonly IndexedRow[]): string {
  if (rows.length === 0) return 'no rows';
  const groups = new Map<string, Map<string, number[]>>();
  for (const { row } of rows) {
    const key = `stratum ${row.stratum}, ${row.guarantee}${row.delta === null ? '' : ` δ ${row.delta}`}`;
    const methods = groups.get(key) ?? new Map<string, number[]>();
    const alphas = methods.get(row.method) ?? [];
    if (!alphas.includes(row.alpha)) alphas.push(row.alpha);
    methods.set(row.method, alphas);
    groups.set(key, methods);
  }
  return [...groups].map(([key, methods]) => `${key}: ${[...methods].map(([m, a]) => `${m} α ${a.join(' ')}`).join(', ')}`).join('; ');
}
