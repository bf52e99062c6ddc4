import { csvField, dictionaryColumn, nullableColumn } from '@carb/io';
import { POOLED_STRATUM, type SplitResult } from '@carb/calibrate';
import { Table, makeVector, tableToIPC, type Vector } from 'apache-arrow';
import { roundFixedText } from './format.ts';

/** Column order of splits.arrow and splits.csv. */
export const SPLIT_COLUMNS = [
  'stratum',
  'guarantee',
  'method',
  'alpha',
  'alphaText',
  'split',
  'lambdaHat',
  'lambdaIndex',
  'loss',
  'intervention',
  'utility',
  'stepRate',
  'ctxSelected',
  'ctxFull',
  'harmStop',
  'benignStop',
] as const satisfies readonly (keyof SplitResult)[];

type Column = (typeof SPLIT_COLUMNS)[number];
const TEXT = new Set<Column>(['stratum', 'guarantee', 'method', 'alphaText']);
/** Values of the columns a run without strata or high-probability rows leaves out (as in summary.json). */
const ABSENT: Partial<Record<Column, string>> = { stratum: POOLED_STRATUM, guarantee: 'expectation' };
const INT = new Set<Column>(['split', 'lambdaIndex', 'ctxSelected', 'ctxFull']);
const NULLABLE = new Set<Column>(['lambdaHat', 'harmStop', 'benignStop']);

/**
 * One column's values, read by a plain loop: the frontier has ~10⁵ rows × 16 columns, and
 * Array.from / map with a keyed read per cell was most of the report's writing time (issue 26).
 */
function columnValues(results: readonly SplitResult[], k: Column): unknown[] {
  const out = new Array<unknown>(results.length);
  const absent = ABSENT[k];
  if (absent === undefined) for (let i = 0; i < results.length; i++) out[i] = results[i]![k];
  else for (let i = 0; i < results.length; i++) out[i] = results[i]![k] ?? absent;
  return out;
}

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
      columns[k] = dictionaryColumn(columnValues(results, k) as string[], [...TEXT].indexOf(k));
    } else if (NULLABLE.has(k)) {
      columns[k] = nullableColumn(columnValues(results, k) as Array<number | null>, 'float64');
    } else {
      // straight into the typed array: no intermediate array of boxed doubles
      const data = INT.has(k) ? new Int32Array(results.length) : new Float64Array(results.length);
      for (let i = 0; i < results.length; i++) data[i] = results[i]![k] as number;
      columns[k] = makeVector(data);
    }
  }
  return tableToIPC(new Table(columns), 'file');
}

function textCell(v: string | number | null | undefined): string {
  if (v == null) return '';
  return csvField(String(v));
}

const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);

/**
 * roundFixedText with a small open-addressed cache keyed by the double: loss, intervention, utility,
 * α and λ̂ take few distinct values (fractions of the fold size, grid values) over 10⁵ rows, and
 * toFixed is most of the CSV's cost. A JS Map keyed by doubles hashes them badly; this one hashes
 * their bits, and stops caching when half full (a column of mostly distinct values just formats).
 */
function fixedTextCache(digits: number): (x: number) => string {
  const SIZE = 1 << 13;
  const keys = new Float64Array(SIZE);
  const values = new Array<string | undefined>(SIZE);
  let used = 0;
  return (x) => {
    bits[0] = x;
    let h = (Math.imul(words[0]! ^ Math.imul(words[1]!, 0x9e3779b1), 0x85ebca6b) >>> 19) & (SIZE - 1);
    for (;;) {
      const v = values[h];
      if (v === undefined) break;
      // === : −0 and 0 share a slot, and both print "0"; NaN never matches and is formatted each time
      if (keys[h] === x) return v;
      h = (h + 1) & (SIZE - 1);
    }
    const t = roundFixedText(x, digits);
    if (used < SIZE >> 1) {
      keys[h] = x;
      values[h] = t;
      used++;
    }
    return t;
  };
}

/** splits.csv: same columns as splits.arrow; empty cell for null, numbers rounded like summary.json. */
export function splitsCsv(results: readonly SplitResult[], digits = 6): string {
  // one formatter per column, row by row: no per-cell keyed read or parse-and-print of the rounded number
  const format = SPLIT_COLUMNS.map((k): ((r: SplitResult) => string) => {
    if (TEXT.has(k)) {
      const absent = ABSENT[k];
      // text columns repeat one value over long runs of rows
      let last: unknown = {};
      let cell = '';
      return (r) => {
        const v = r[k] ?? absent;
        if (v !== last) [last, cell] = [v, textCell(v)];
        return cell;
      };
    }
    const text = fixedTextCache(digits);
    return (r) => {
      const v = r[k] as number | null | undefined;
      return v == null ? '' : text(v);
    };
  });
  const lines = new Array<string>(results.length + 1);
  lines[0] = SPLIT_COLUMNS.join(',');
  const cells = new Array<string>(format.length);
  for (let i = 0; i < results.length; i++) {
    const r = results[i]!;
    for (let c = 0; c < format.length; c++) cells[c] = format[c]!(r);
    lines[i + 1] = cells.join(',');
  }
  return lines.join('\n') + '\n';
}
