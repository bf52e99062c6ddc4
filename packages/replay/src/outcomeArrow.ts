import { dictionaryColumn } from '@carb/io';
import { Table, makeVector, tableFromIPC, tableToIPC, Vector } from 'apache-arrow';
import { LEDGER_CATEGORIES, gridValue, type GridConfig, type LedgerCategory } from '@carb/pipeline';
import type { OutcomeTable } from './outcome.ts';

const META_KEY = 'carb.outcomes';

/**
 * Encodes an outcome table as Arrow IPC (file format): one row per episode × grid
 * index, episode and group dictionary-encoded, small integer columns, and the method
 * and grid in the schema metadata. stopStep −1 means the episode ran to its natural end.
 */
export function outcomeTableToArrow(t: OutcomeTable): Uint8Array {
  const rows = t.n * t.G;
  const episode: string[] = new Array(rows);
  const group: string[] = new Array(rows);
  const grid = new Uint8Array(rows);
  const lambda = new Float64Array(rows);
  const steps = new Int16Array(rows);
  const taskCompleted = new Uint8Array(rows);
  const unionFirstStep = new Int16Array(rows);
  const intervened = new Uint8Array(rows);
  for (let e = 0; e < t.n; e++) {
    for (let g = 0; g < t.G; g++) {
      const r = e * t.G + g;
      episode[r] = t.ids[e]!;
      group[r] = t.groups[e]!;
      grid[r] = g;
      lambda[r] = gridValue(t.grid, g);
      steps[r] = t.steps[e]!;
      taskCompleted[r] = t.taskCompleted[e]!;
      unionFirstStep[r] = t.unionFirstStep[e]!;
      intervened[r] = t.stopStep[r]! >= 0 ? 1 : 0;
    }
  }
  const columns: Record<string, Vector | Uint8Array | Int16Array | Int32Array | Float64Array> = {
    episode: dictionaryColumn(episode, 0), group: dictionaryColumn(group, 1), grid, lambda,
    stopStep: Int16Array.from(t.stopStep),
    executed: Int16Array.from(t.executed),
    lossUnion: t.lossUnion,
    lossCount: t.lossCount,
  };
  for (const k of LEDGER_CATEGORIES) columns[`loss_${k}`] = t.lossByCategory[k];
  Object.assign(columns, {
    intervened,
    success: t.success,
    scored: Int16Array.from(t.scored),
    ctxSelected: t.ctxSelected,
    ctxFull: t.ctxFull,
    steps, taskCompleted, unionFirstStep,
  });
  const vectors: Record<string, Vector> = {};
  for (const [k, v] of Object.entries(columns)) vectors[k] = v instanceof Vector ? v : makeVector(v);
  const table = new Table(vectors);
  table.schema.metadata.set(META_KEY, JSON.stringify({ method: t.method, grid: t.grid, n: t.n, G: t.G }));
  return tableToIPC(table, 'file');
}

function column<T extends ArrayLike<number>>(table: Table, name: string, file: string): T {
  const v = table.getChild(name);
  if (!v) throw new Error(`${file}: outcome table: expected column "${name}", found none`);
  return v.toArray() as T;
}

/** Decodes an outcome table written by outcomeTableToArrow. */
export function outcomeTableFromArrow(bytes: Uint8Array, file = '<buffer>'): OutcomeTable {
  const table = tableFromIPC(bytes);
  const meta = table.schema.metadata.get(META_KEY);
  if (!meta) throw new Error(`${file}: expected a carb outcome table (schema metadata "${META_KEY}"), found none`);
  const { method, grid, n, G } = JSON.parse(meta) as { method: string; grid: GridConfig; n: number; G: number };
  if (table.numRows !== n * G) throw new Error(`${file}: expected ${n * G} rows (${n} episodes × ${G} grid points), found ${table.numRows}`);
  const episodeCol = table.getChild('episode')!;
  const groupCol = table.getChild('group')!;
  const perEpisode = <A extends Int32Array | Uint8Array>(src: ArrayLike<number>, make: (k: number) => A): A => {
    const out = make(n);
    for (let e = 0; e < n; e++) out[e] = src[e * G]!;
    return out;
  };
  const lossByCategory = {} as Record<LedgerCategory, Uint8Array>;
  for (const k of LEDGER_CATEGORIES) lossByCategory[k] = Uint8Array.from(column<Uint8Array>(table, `loss_${k}`, file));
  return {
    method, grid, G, n,
    ids: Array.from({ length: n }, (_, e) => String(episodeCol.get(e * G))),
    groups: Array.from({ length: n }, (_, e) => String(groupCol.get(e * G))),
    steps: perEpisode(column(table, 'steps', file), (k) => new Int32Array(k)),
    taskCompleted: perEpisode(column(table, 'taskCompleted', file), (k) => new Uint8Array(k)),
    unionFirstStep: perEpisode(column(table, 'unionFirstStep', file), (k) => new Int32Array(k)),
    stopStep: Int32Array.from(column(table, 'stopStep', file)),
    executed: Int32Array.from(column(table, 'executed', file)),
    lossUnion: Uint8Array.from(column(table, 'lossUnion', file)),
    lossCount: Uint8Array.from(column(table, 'lossCount', file)),
    lossByCategory,
    success: Uint8Array.from(column(table, 'success', file)),
    scored: Int32Array.from(column(table, 'scored', file)),
    ctxSelected: Int32Array.from(column(table, 'ctxSelected', file)),
    ctxFull: Int32Array.from(column(table, 'ctxFull', file)),
  };
}
