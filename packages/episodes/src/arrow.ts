import {
  Bool, Dictionary, Field, Float64, Int32, List, Struct, Table, Utf8,
  tableFromIPC, tableToIPC, vectorFromArray, type DataType, type Vector,
} from 'apache-arrow';
import { AdapterError, type Problem } from './problems.ts';
import { orderEpisode } from './order.ts';
import type { Episode, JsonObject, PolicyStep, SourceFormat, StepProvenance } from './types.ts';
import type { DecodeResult } from './jsonl.ts';
import { episodeIssues, formatIssue } from './validate.ts';

// One row per episode; steps as a list of structs. The list's child columns hold all
// steps of all episodes contiguously in episode order, which is exactly the order
// replay walks them, and zero-step episodes stay ordinary rows (see README).
// Dictionary ids are fixed per column: arrow-js otherwise draws them from a
// process-wide counter, and a second encode in one process would differ in bytes.
const dict = (id: number) => () => new Dictionary(new Utf8(), new Int32(), id);
const stepStruct = new Struct([
  new Field('index', new Int32(), false),
  new Field('tool', new Utf8(), false),
  new Field('args', new Utf8(), false),
  new Field('result', new Utf8(), false),
  new Field('error', new Utf8(), true),
  new Field('ok', new Bool(), false),
  new Field('provenance', new Utf8(), true),
]);
const COLUMNS: ReadonlyArray<[string, () => DataType]> = [
  ['id', () => new Utf8()],
  ['group', () => new Utf8()],
  ['format', dict(0)],
  ['file', () => new Utf8()],
  ['model', dict(1)],
  ['suite', dict(2)],
  ['userTask', dict(3)],
  ['injectionTask', dict(4)],
  ['attack', dict(5)],
  ['steps', () => new List(new Field('item', stepStruct, false))],
  ['taskCompleted', () => new Bool()],
  ['completedAtStep', () => new Int32()],
  ['benchmark', () => new Utf8()],
  ['injections', () => new Utf8()],
  ['aborted', () => new Utf8()],
  ['textOnlyCalls', () => new Bool()],
  ['externalScores', () => new List(new Field('item', new Float64(), false))],
];

interface StepRow { index: number; tool: string; args: string; result: string; error: string | null; ok: boolean; provenance: string | null }

/** Arrow IPC file bytes of the episodes (canonical JSON strings for args, benchmark, injections). */
export function encodeArrow(episodes: readonly Episode[]): Uint8Array {
  const eps = episodes.map(orderEpisode);
  const values: Record<string, unknown[]> = {
    id: eps.map((e) => e.id),
    group: eps.map((e) => e.group),
    format: eps.map((e) => e.source.format),
    file: eps.map((e) => e.source.file),
    model: eps.map((e) => e.source.model),
    suite: eps.map((e) => e.source.suite),
    userTask: eps.map((e) => e.source.userTask),
    injectionTask: eps.map((e) => e.source.injectionTask),
    attack: eps.map((e) => e.source.attack),
    steps: eps.map((e) =>
      e.steps.map((s): StepRow => ({
        index: s.index, tool: s.tool, args: JSON.stringify(s.args), result: s.result, error: s.error, ok: s.ok,
        provenance: s.provenance === undefined ? null : JSON.stringify(s.provenance),
      })),
    ),
    taskCompleted: eps.map((e) => e.outcome.taskCompleted),
    completedAtStep: eps.map((e) => e.outcome.completedAtStep),
    benchmark: eps.map((e) => (e.benchmark === null ? null : JSON.stringify(e.benchmark))),
    injections: eps.map((e) => JSON.stringify(e.injections)),
    aborted: eps.map((e) => e.flags.aborted),
    textOnlyCalls: eps.map((e) => e.flags.textOnlyCalls),
    externalScores: eps.map((e) => e.externalScores),
  };
  const vectors: Record<string, Vector> = {};
  for (const [name, type] of COLUMNS) vectors[name] = vectorFromArray(values[name]! as never[], type());
  return tableToIPC(new Table(vectors), 'file');
}

function parseJson(text: string, file: string, record: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new AdapterError(file, record, 'wrong-type', `${what}: expected canonical JSON text, found unparsable string (${(e as Error).message})`);
  }
}

/**
 * Reads Arrow IPC bytes written by encodeArrow. A file that is not Arrow or lacks a
 * column is one Problem; a row that does not decode to a valid episode is one
 * Problem and is skipped.
 */
export function decodeArrow(bytes: Uint8Array, file: string): DecodeResult {
  const episodes: Episode[] = [];
  const problems: Problem[] = [];
  const skipped: Record<string, number> = {};
  const skip = (reason: string, p: Problem) => {
    problems.push(p);
    skipped[reason] = (skipped[reason] ?? 0) + 1;
  };
  let table: Table;
  try {
    table = tableFromIPC(bytes);
  } catch (e) {
    skip('malformed-arrow', { file, record: null, message: `not an Arrow IPC file (${(e as Error).message})` });
    return { episodes, problems, skipped };
  }
  const cols: Record<string, Vector> = {};
  for (const [name] of COLUMNS) {
    const v = table.getChild(name);
    if (v === null) {
      skip('malformed-arrow', { file, record: null, message: `expected an episode table with column "${name}", found columns ${table.schema.fields.map((f) => f.name).join(', ')}` });
      return { episodes, problems, skipped };
    }
    cols[name] = v;
  }
  const col = (name: string, i: number) => cols[name]!.get(i) as unknown;
  for (let i = 0; i < table.numRows; i++) {
    const record = `row ${i}`;
    try {
      const stepVec = col('steps', i) as Vector | null;
      const steps: PolicyStep[] = [];
      if (stepVec !== null) {
        for (let j = 0; j < stepVec.length; j++) {
          const r = (stepVec.get(j) as { toJSON(): StepRow }).toJSON();
          const step: PolicyStep = {
            index: r.index, tool: r.tool, args: parseJson(r.args, file, record, `/steps/${j}/args`) as JsonObject,
            result: r.result, error: r.error, ok: r.ok,
          };
          steps.push(r.provenance === null ? step : { ...step, provenance: parseJson(r.provenance, file, record, `/steps/${j}/provenance`) as StepProvenance });
        }
      }
      const bench = col('benchmark', i) as string | null;
      const scores = col('externalScores', i) as Vector | null;
      const ep: Episode = {
        id: col('id', i) as string,
        group: col('group', i) as string,
        source: {
          format: col('format', i) as SourceFormat,
          file: col('file', i) as string | null,
          model: col('model', i) as string | null,
          suite: col('suite', i) as string | null,
          userTask: col('userTask', i) as string | null,
          injectionTask: col('injectionTask', i) as string | null,
          attack: col('attack', i) as string | null,
        },
        steps,
        outcome: { taskCompleted: col('taskCompleted', i) as boolean, completedAtStep: col('completedAtStep', i) as number | null },
        benchmark: bench === null ? null : (parseJson(bench, file, record, '/benchmark') as JsonObject),
        injections: parseJson(col('injections', i) as string, file, record, '/injections') as Record<string, string>,
        flags: { aborted: col('aborted', i) as string | null, textOnlyCalls: col('textOnlyCalls', i) as boolean },
        externalScores: scores === null ? null : Array.from(scores.toArray() as Float64Array),
      };
      const issues = episodeIssues(ep);
      if (issues.length > 0) {
        skip('invalid-episode', { file, record: typeof ep.id === 'string' ? `${record}, episode ${ep.id}` : record, message: `invalid episode: ${issues.map(formatIssue).join('; ')}` });
        continue;
      }
      episodes.push(orderEpisode(ep));
    } catch (e) {
      if (!(e instanceof AdapterError)) throw e;
      skip(e.reason, e.toProblem());
    }
  }
  return { episodes, problems, skipped };
}
