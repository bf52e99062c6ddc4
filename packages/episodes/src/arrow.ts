import {
  Bool,
  Dictionary,
  Field,
  Float64,
  Int32,
  List,
  Schema,
  Struct,
  Table,
  Utf8,
  tableFromIPC,
  tableToIPC,
  vectorFromArray,
  type DataType,
  type Vector,
} from 'apache-arrow';
import { ARROW_SHA_PLACEHOLDER, arrowFileSha256, arrowShaOffset } from './arrowSha.ts';
import { ARROW_CORPUS_KEY, LinesDigest, corpusHeaderText, digestMismatch, parseCorpusHeader, type CorpusHeader } from './corpusHeader.ts';
import { parsedJsonIssue } from '@carb/io';
import { AdapterError } from './problems.ts';
import { orderEpisode } from './order.ts';
import type { Episode, JsonObject, PolicyStep, SourceFormat, StepProvenance } from './types.ts';
import { episodeToJsonLine, type DecodeResult } from './jsonl.ts';
import { rejectFile } from './rejectFile.ts';
import { episodeIssues } from './validate.ts';

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
  ['request', dict(6)],
  ['steps', () => new List(new Field('item', stepStruct, false))],
  ['taskCompleted', () => new Bool()],
  ['completedAtStep', () => new Int32()],
  ['benchmark', () => new Utf8()],
  ['injections', () => new Utf8()],
  ['aborted', () => new Utf8()],
  ['textOnlyCalls', () => new Bool()],
  ['externalScores', () => new List(new Field('item', new Float64(), false))],
];

interface StepRow {
  index: number;
  tool: string;
  args: string;
  result: string;
  error: string | null;
  ok: boolean;
  provenance: string | null;
}

/**
 * Arrow IPC file bytes of the episodes (canonical JSON strings for args, benchmark,
 * injections), with the corpus header (digest) in the schema metadata.
 */
export function encodeArrow(episodes: readonly Episode[]): Uint8Array {
  const eps = episodes.map(orderEpisode);
  const digest = new LinesDigest();
  for (const e of eps) digest.add(episodeToJsonLine(e));
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
    request: eps.map((e) => e.request),
    steps: eps.map((e) =>
      e.steps.map((s): StepRow => ({
        index: s.index,
        tool: s.tool,
        args: JSON.stringify(s.args),
        result: s.result,
        error: s.error,
        ok: s.ok,
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
  const table = new Table(vectors);
  const metadata = new Map([[ARROW_CORPUS_KEY, corpusHeaderText(eps.length, digest.hex(), ARROW_SHA_PLACEHOLDER)]]);
  const bytes = tableToIPC(new Table(new Schema(table.schema.fields, metadata, table.schema.dictionaries), table.batches), 'file');
  // The file digest is stored inside the file it digests: written as zeros, then the
  // digits are overwritten in place (same length, so the footer stays valid).
  const at = arrowShaOffset(bytes, ARROW_SHA_PLACEHOLDER);
  bytes.set(Buffer.from(arrowFileSha256(bytes, at), 'latin1'), at);
  return bytes;
}

function parseJson(text: string, file: string, record: string, what: string, depth: number): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new AdapterError(
      file,
      record,
      'wrong-type',
      `${what}: expected canonical JSON text, found unparsable string (${(e as Error).message})`,
    );
  }
  // before anything recursive reads it (validation, canonical order, the digest's JSON text)
  const limit = parsedJsonIssue(text, value, { depth, at: what });
  if (limit !== null)
    throw new AdapterError(file, record, limit.reason, limit.reason === 'too-deep' ? `${what}: ${limit.message}` : limit.message);
  return value;
}

/** Names of the episode table's columns, in schema order. */
export const COLUMN_NAMES: readonly string[] = COLUMNS.map(([name]) => name);

/** An Arrow type's name as arrow-js prints it (`Int32`, `Dictionary<Int32, Utf8>`). */
function arrowTypeName(type: DataType): string {
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- every arrow-js DataType subclass defines toString; the base class's typings do not declare it
  return String(type);
}

const COLUMN_TYPES = new Map(COLUMNS.map(([name, type]) => [name, arrowTypeName(type())]));

/**
 * The refusal of a table whose column `name` holds other values than carb writes (an Int64
 * where carb writes Int32 would otherwise fail deep in arrow-js, "… is not safe to convert to
 * a number"), as `{record: 'column <name>', message}`; null when its type is carb's.
 */
export function columnTypeIssue(name: string, type: DataType): { record: string; message: string } | null {
  const expected = COLUMN_TYPES.get(name);
  const found = arrowTypeName(type);
  return expected === undefined || found === expected
    ? null
    : { record: `column ${name}`, message: `expected ${expected} values (as carb writes them), found ${found}` };
}

export type Columns = Record<string, Vector>;

/** Row i as an episode; throws (AdapterError or whatever arrow-js throws on damaged data) when it does not decode. */
export function decodeRow(cols: Columns, i: number, file: string): Episode {
  const col = (name: string) => cols[name]!.get(i) as unknown;
  const record = `row ${i}`;
  const stepVec = col('steps') as Vector | null;
  // carb writes [] for an episode without steps: a null list is an edit, not zero steps
  if (stepVec === null) throw new AdapterError(file, record, 'wrong-type', '/steps: expected a list of steps, found null');
  const steps: PolicyStep[] = [];
  for (let j = 0; j < stepVec.length; j++) {
    const r = (stepVec.get(j) as { toJSON(): StepRow }).toJSON();
    const step: PolicyStep = {
      index: r.index,
      tool: r.tool,
      args: parseJson(r.args, file, record, `/steps/${j}/args`, 3) as JsonObject,
      result: r.result,
      error: r.error,
      ok: r.ok,
    };
    steps.push(
      r.provenance === null
        ? step
        : { ...step, provenance: parseJson(r.provenance, file, record, `/steps/${j}/provenance`, 3) as StepProvenance },
    );
  }
  const bench = col('benchmark') as string | null;
  const scores = col('externalScores') as Vector | null;
  return {
    id: col('id') as string,
    group: col('group') as string,
    source: {
      format: col('format') as SourceFormat,
      file: col('file') as string | null,
      model: col('model') as string | null,
      suite: col('suite') as string | null,
      userTask: col('userTask') as string | null,
      injectionTask: col('injectionTask') as string | null,
      attack: col('attack') as string | null,
    },
    request: col('request') as string | null,
    steps,
    outcome: { taskCompleted: col('taskCompleted') as boolean, completedAtStep: col('completedAtStep') as number | null },
    benchmark: bench === null ? null : (parseJson(bench, file, record, '/benchmark', 1) as JsonObject),
    injections: parseJson(col('injections') as string, file, record, '/injections', 1) as Record<string, string>,
    flags: { aborted: col('aborted') as string | null, textOnlyCalls: col('textOnlyCalls') as boolean },
    externalScores: scores === null ? null : Array.from(scores.toArray() as Float64Array),
  };
}

export const NOT_ARROW = 'expected an Arrow IPC file of episodes, found bytes that do not decode as one (damaged, truncated or not Arrow)';

function decodeTable(table: Table, bytes: Uint8Array, file: string): DecodeResult {
  const text = table.schema.metadata.get(ARROW_CORPUS_KEY);
  if (text === undefined) {
    return rejectFile(
      file,
      'corpus digest',
      'corpus-digest',
      `expected the carb corpus header in the Arrow schema metadata (key ${ARROW_CORPUS_KEY}), found none (not written by carb, or damaged)`,
    );
  }
  let header: CorpusHeader;
  try {
    header = parseCorpusHeader(text, file, `schema metadata ${ARROW_CORPUS_KEY}`, true);
  } catch (e) {
    if (!(e instanceof AdapterError)) throw e;
    return rejectFile(file, e.record, e.reason, e.detail);
  }
  const at = arrowShaOffset(bytes, header.arrowSha256!);
  const whole = at < 0 ? 'a file whose metadata cannot be located' : arrowFileSha256(bytes, at);
  if (whole !== header.arrowSha256) {
    return rejectFile(file, 'corpus digest', 'corpus-digest', digestMismatch(header.arrowSha256!, whole, 'the file bytes'));
  }
  const cols: Columns = {};
  for (const [name] of COLUMNS) {
    const v = table.getChild(name);
    if (v === null) {
      return rejectFile(
        file,
        null,
        'malformed-arrow',
        `expected an episode table with column "${name}", found columns ${table.schema.fields.map((f) => f.name).join(', ')}`,
      );
    }
    const typed = columnTypeIssue(name, v.type as DataType);
    if (typed !== null) return rejectFile(file, typed.record, 'malformed-arrow', typed.message);
    cols[name] = v;
  }
  // Checked before the row loop: a damaged row count must not drive it.
  if (table.numRows !== header.episodes) {
    return rejectFile(
      file,
      'corpus digest',
      'corpus-digest',
      `expected ${header.episodes} episodes (corpus header), found ${table.numRows} rows (file altered after carb wrote it)`,
    );
  }
  const episodes: Episode[] = [];
  const digest = new LinesDigest();
  const bad = new UndecodableRows();
  for (let i = 0; i < table.numRows; i++) {
    const ep = decodeDigestedRow(cols, i, file, digest);
    if ('why' in ep) bad.add(ep);
    else episodes.push(ep);
  }
  // carb writes only valid episodes, so a row that does not decode to one is an alteration too.
  const refusal = bad.refusal() ?? digestRefusal(header.sha256, digest.hex());
  if (refusal !== null) return rejectFile(file, refusal.record, 'corpus-digest', refusal.message);
  return { episodes, problems: [], skipped: {} };
}

/**
 * Reads Arrow IPC bytes written by encodeArrow and checks them against the corpus
 * digest in the schema metadata. Any failure (not Arrow, no or bad header, missing
 * column, a row that does not decode, a digest that does not match) refuses the whole
 * file as one Problem; arrow-js errors never escape, since damaged bytes can make it
 * throw anything.
 */
export function decodeArrow(bytes: Uint8Array, file: string): DecodeResult {
  try {
    return decodeTable(tableFromIPC(bytes), bytes, file);
  } catch {
    return rejectFile(file, null, 'malformed-arrow', NOT_ARROW);
  }
}

/** A row that does not decode to a valid episode: its record and why. */
export interface UndecodableRow {
  record: string;
  why: string;
}

/**
 * Row i as a valid, canonically ordered episode added to the content digest, or why the row
 * does not decode to one (carb writes only valid episodes, so that is an alteration).
 */
export function decodeDigestedRow(cols: Columns, i: number, file: string, digest: LinesDigest): Episode | UndecodableRow {
  const record = `row ${i}`;
  let ep: Episode;
  try {
    ep = decodeRow(cols, i, file);
  } catch (e) {
    return { record, why: e instanceof AdapterError ? e.detail : 'expected a row that decodes, found damaged column data' };
  }
  const issues = episodeIssues(ep);
  if (issues.length > 0) return { record, why: `invalid episode: ${issues.join('; ')}` };
  const ordered = orderEpisode(ep);
  digest.add(episodeToJsonLine(ordered));
  return ordered;
}

/** The rows of a file that do not decode: the file's refusal names the first and counts the others. */
export class UndecodableRows {
  private first: UndecodableRow | null = null;
  private count = 0;

  add(row: UndecodableRow): void {
    this.first ??= row;
    this.count++;
  }

  refusal(): { record: string; message: string } | null {
    if (this.first === null) return null;
    const others = this.count - 1;
    return {
      record: this.first.record,
      message: `${this.first.why}${others > 0 ? ` (and ${others} other row(s) that do not decode to an episode)` : ''}`,
    };
  }
}

/** The refusal of content whose digest is not the header's; null when it is. */
export function digestRefusal(expected: string, found: string): { record: string; message: string } | null {
  return found === expected ? null : { record: 'corpus digest', message: digestMismatch(expected, found) };
}
