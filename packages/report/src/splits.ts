import { csvText, dictionaryColumn, nullableColumn } from '@carb/io';
import { POOLED_STRATUM, type SplitResult } from '@carb/calibrate';
import { Table, makeVector, tableToIPC, type Vector } from 'apache-arrow';
import { roundFixed } from './format.ts';

/** Column order of splits.arrow and splits.csv. */
export const SPLIT_COLUMNS = [
  'stratum', 'guarantee', 'method', 'alpha', 'alphaText', 'split', 'lambdaHat', 'lambdaIndex', 'loss', 'intervention', 'utility', 'stepRate',
  'ctxSelected', 'ctxFull', 'harmStop', 'benignStop',
] as const satisfies readonly (keyof SplitResult)[];

type Column = (typeof SPLIT_COLUMNS)[number];
const TEXT = new Set<Column>(['stratum', 'guarantee', 'method', 'alphaText']);
/** Values of the columns a run without strata or high-probability rows leaves out (as in summary.json). */
const ABSENT: Partial<Record<Column, string>> = { stratum: POOLED_STRATUM, guarantee: 'expectation' };
const cell = (r: SplitResult, k: Column): unknown => r[k] ?? ABSENT[k];
const INT = new Set<Column>(['split', 'lambdaIndex', 'ctxSelected', 'ctxFull']);
const NULLABLE = new Set<Column>(['lambdaHat', 'harmStop', 'benignStop']);

/**
 * splits.arrow: Arrow IPC file, one row per stratum × guarantee × method × α × split
 * (stratum, guarantee, method and alphaText dictionary-encoded strings; stratum "all"
 * and guarantee "expectation" when the run has none; alphaText is α exactly as calibrated, e.g. "1/493").
 * Numbers keep full double precision; lambdaHat, harmStop and benignStop are nullable.
 */
export function splitsArrow(results: readonly SplitResult[]): Uint8Array {
  const columns: Record<string, Vector> = {};
  for (const k of SPLIT_COLUMNS) {
    if (TEXT.has(k)) {
      columns[k] = dictionaryColumn(results.map((r) => cell(r, k) as string), [...TEXT].indexOf(k));
    } else if (INT.has(k)) {
      columns[k] = makeVector(Int32Array.from(results, (r) => r[k] as number));
    } else if (NULLABLE.has(k)) {
      columns[k] = nullableColumn(results.map((r) => r[k] as number | null), 'float64');
    } else {
      columns[k] = makeVector(Float64Array.from(results, (r) => r[k] as number));
    }
  }
  return tableToIPC(new Table(columns), 'file');
}

function csvCell(v: unknown, digits: number): string {
  if (v == null) return '';
  return typeof v === 'number' ? String(roundFixed(v, digits)) : String(v);
}

/** splits.csv: same columns as splits.arrow; empty cell for null, numbers rounded like summary.json. */
export function splitsCsv(results: readonly SplitResult[], digits = 6): string {
  return csvText([SPLIT_COLUMNS, ...results.map((r) => SPLIT_COLUMNS.map((k) => csvCell(cell(r, k), digits)))]);
}
