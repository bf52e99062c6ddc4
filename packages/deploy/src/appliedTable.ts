import { csvText, dictionaryColumn, nullableColumn } from '@carb/io';
import { Table, Utf8, makeVector, tableToIPC, vectorFromArray, type Vector } from 'apache-arrow';
import type { AppliedEpisode } from './appliedEpisode.ts';

/** Column order of episodes.arrow and episodes.csv: ids, counts and scores only (no arguments or results). */
export const APPLIED_COLUMNS = [
  'id',
  'stratum',
  'steps',
  'stopStep',
  'stopScore',
  'maxScore',
  'contextSize',
  'executed',
  'runsFrom',
  'loss',
  'ledgerEvents',
  'taskCompleted',
  'success',
] as const satisfies readonly (keyof AppliedEpisode)[];

/**
 * episodes.arrow: one row per new episode in log order. stratum dictionary-encoded; stopStep,
 * contextSize nullable (no stop); stopScore and maxScore exact decimal text (nullable);
 * ledgerEvents `step:category` joined by ";".
 */
export function appliedArrow(rows: readonly AppliedEpisode[]): Uint8Array {
  const text = (k: 'id' | 'stopScore' | 'maxScore') =>
    vectorFromArray(
      rows.map((r) => r[k]),
      new Utf8(),
    );
  const columns: Record<string, Vector> = {
    id: text('id'),
    stratum: dictionaryColumn(
      rows.map((r) => r.stratum),
      0,
    ),
    steps: makeVector(Int32Array.from(rows, (r) => r.steps)),
    stopStep: nullableColumn(
      rows.map((r) => r.stopStep),
      'int32',
    ),
    stopScore: text('stopScore'),
    maxScore: text('maxScore'),
    contextSize: nullableColumn(
      rows.map((r) => r.contextSize),
      'int32',
    ),
    executed: makeVector(Int32Array.from(rows, (r) => r.executed)),
    runsFrom: makeVector(Int32Array.from(rows, (r) => r.runsFrom)),
    loss: makeVector(Int32Array.from(rows, (r) => r.loss)),
    ledgerEvents: vectorFromArray(
      rows.map((r) => r.ledgerEvents.join(';')),
      new Utf8(),
    ),
    taskCompleted: makeVector(Int32Array.from(rows, (r) => r.taskCompleted)),
    success: makeVector(Int32Array.from(rows, (r) => r.success)),
  };
  return tableToIPC(new Table(columns), 'file');
}

function csvCell(v: AppliedEpisode[keyof AppliedEpisode]): string {
  if (v == null) return '';
  return Array.isArray(v) ? v.join(';') : String(v);
}

/** episodes.csv: the same rows and columns as episodes.arrow; a missing value is an empty cell. */
export function appliedCsv(rows: readonly AppliedEpisode[]): string {
  return csvText([APPLIED_COLUMNS, ...rows.map((r) => APPLIED_COLUMNS.map((k) => csvCell(r[k])))]);
}
