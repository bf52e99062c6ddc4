import { open } from 'node:fs/promises';
import {
  Dictionary,
  Field,
  Int32,
  List,
  RecordBatch,
  RecordBatchReader,
  Schema,
  Struct,
  Table,
  Uint8,
  Utf8,
  makeData,
  tableFromIPC,
  tableToIPC,
  vectorFromArray,
  type Data,
  type Vector,
} from 'apache-arrow';
import { ARROW_SHA_PLACEHOLDER, arrowFileSha256, arrowShaOffset, digestMismatch } from '@carb/episodes';
import { carbPath, schemaIssues, schemaValidator } from '@carb/io';
import { LEDGER_CATEGORIES, type GridConfig, type LedgerCategory } from '@carb/pipeline';
import type { BreakpointTable } from './breakpoints.ts';
import { concatBreakpoints } from './concatBreakpoints.ts';
import type { ReplayProvenance } from './replayProvenance.ts';

const META_KEY = 'carb.breakpoints';
/** 2: `arrowSha256`, the SHA-256 of the whole file, as a corpus Arrow file carries it (format 1 had none). */
const FORMAT = 2;
/** Episodes per record batch: a batch holds whole episodes of one selector. */
export const BREAKPOINT_BATCH_EPISODES = 4096;
/** Fixed dictionary id of the selector column (arrow-js would otherwise draw it from a process-wide counter). */
const SELECTOR_DICTIONARY_ID = 0;

interface BreakpointMeta {
  format: number;
  grid: GridConfig;
  G: number;
  n: number;
  selectors: string[];
  provenance?: ReplayProvenance;
  arrowSha256?: string;
}

const EPISODE_INT_COLUMNS = ['successFrom', 'runsFrom', 'unionFirstStep', 'unionLossFrom'] as const;
const lossColumn = (k: LedgerCategory) => `lossFrom_${k}`;

/** configs/schema/breakpoint-meta.schema.json, the shape of the metadata under META_KEY. */
const BREAKPOINT_META_SCHEMA_PATH = carbPath('configs/schema/breakpoint-meta.schema.json');

function schemaOf(meta: BreakpointMeta): Schema {
  const int = () => new Int32();
  const steps = () => new List(new Field('item', new Int32(), false));
  return new Schema(
    [
      new Field('selector', new Dictionary(new Utf8(), new Int32(), SELECTOR_DICTIONARY_ID), false),
      new Field('episode', new Utf8(), false),
      new Field('group', new Utf8(), false),
      new Field('taskCompleted', new Uint8(), false),
      ...EPISODE_INT_COLUMNS.map((c) => new Field(c, int(), false)),
      ...LEDGER_CATEGORIES.map((k) => new Field(lossColumn(k), int(), false)),
      new Field('executesFrom', steps(), false),
      new Field('contextSize', steps(), false),
    ],
    new Map([[META_KEY, JSON.stringify(meta)]]),
  );
}

/**
 * Encodes the breakpoint tables of one replay (one per selector, same episodes and grid) as
 * Arrow IPC (file format). One row per selector × episode; record batches of at most
 * BREAKPOINT_BATCH_EPISODES whole episodes of one selector, ordered episode range first,
 * then selector, so a reader can stream. Schema and layout: packages/replay/README.md.
 */
export function breakpointTablesToArrow(tables: readonly BreakpointTable[], provenance?: ReplayProvenance): Uint8Array {
  const first = tables[0];
  if (!first) throw new Error('breakpointTablesToArrow: expected at least one table');
  for (const t of tables) {
    if (
      t.n !== first.n ||
      t.G !== first.G ||
      JSON.stringify(t.grid) !== JSON.stringify(first.grid) ||
      t.ids.some((id, e) => id !== first.ids[e])
    ) {
      throw new Error(
        `breakpointTablesToArrow: expected tables of the same episodes and grid, found ${first.method} and ${t.method} differing`,
      );
    }
  }
  const selectors = tables.map((t) => t.method);
  if (new Set(selectors).size !== selectors.length)
    throw new Error(`breakpointTablesToArrow: expected distinct selector names, found ${selectors.join(', ')}`);
  const meta: BreakpointMeta = {
    format: FORMAT,
    grid: first.grid,
    G: first.G,
    n: first.n,
    selectors,
    ...(provenance ? { provenance } : {}),
    arrowSha256: ARROW_SHA_PLACEHOLDER,
  };
  const schema = schemaOf(meta);
  // one dictionary object shared by every batch: the writer emits it once, never as a replacement
  const dictionary = vectorFromArray(selectors, new Utf8());
  const batches: RecordBatch[] = [];
  for (let lo = 0; lo < first.n || (lo === 0 && first.n === 0); lo += BREAKPOINT_BATCH_EPISODES) {
    const hi = Math.min(first.n, lo + BREAKPOINT_BATCH_EPISODES);
    tables.forEach((t, s) => batches.push(batchOf(schema, t, s, dictionary, lo, hi)));
    if (first.n === 0) break;
  }
  const bytes = tableToIPC(new Table(schema, batches), 'file');
  // as encodeArrow of @carb/episodes: the digest of the whole file is written over its placeholder (same length)
  const at = arrowShaOffset(bytes, ARROW_SHA_PLACEHOLDER);
  bytes.set(Buffer.from(arrowFileSha256(bytes, at), 'latin1'), at);
  return bytes;
}

function batchOf(schema: Schema, t: BreakpointTable, s: number, dictionary: Vector<Utf8>, lo: number, hi: number): RecordBatch {
  const length = hi - lo;
  const int32 = (src: Int32Array) => makeData({ type: new Int32(), length, nullCount: 0, data: src.subarray(lo, hi) });
  const s0 = t.stepOffset[lo]!;
  const s1 = t.stepOffset[hi]!;
  const offsets = Int32Array.from(t.stepOffset.subarray(lo, hi + 1), (o) => o - s0);
  const steps = (src: Int32Array, type: List) =>
    makeData({
      type,
      length,
      nullCount: 0,
      valueOffsets: offsets,
      child: makeData({ type: new Int32(), length: s1 - s0, nullCount: 0, data: src.subarray(s0, s1) }),
    });
  const field = (name: string) => schema.fields.find((f) => f.name === name)!;
  const children: Data[] = [
    makeData({
      type: field('selector').type as Dictionary<Utf8, Int32>,
      length,
      nullCount: 0,
      data: new Int32Array(length).fill(s),
      dictionary,
    }),
    vectorFromArray(t.ids.slice(lo, hi), new Utf8()).data[0]!,
    vectorFromArray(t.groups.slice(lo, hi), new Utf8()).data[0]!,
    makeData({ type: new Uint8(), length, nullCount: 0, data: t.taskCompleted.subarray(lo, hi) }),
    ...EPISODE_INT_COLUMNS.map((c) => int32(t[c])),
    ...LEDGER_CATEGORIES.map((k) => int32(t.lossFrom[k])),
    steps(t.executesFrom, field('executesFrom').type as List),
    steps(t.contextSize, field('contextSize').type as List),
  ];
  return new RecordBatch(schema, makeData({ type: new Struct(schema.fields), length, nullCount: 0, children }));
}

/** Decodes the breakpoint tables written by breakpointTablesToArrow, one per selector in the order written. */
export function breakpointTablesFromArrow(bytes: Uint8Array, file = '<buffer>'): BreakpointTable[] {
  return decodeBreakpointArrow(bytes, file).tables;
}

/**
 * What an `.arrow` input is: `breakpoints` (carb breakpoint tables), `other` (an Arrow file
 * without them: an episode corpus), or `unreadable` (its footer does not read: truncated,
 * damaged or not Arrow). Reads the footer only: an episode corpus of several GB is not loaded to ask.
 */
export async function breakpointArrowKind(file: string): Promise<'breakpoints' | 'other' | 'unreadable'> {
  const handle = await open(file, 'r');
  try {
    const reader = await RecordBatchReader.from(handle);
    await reader.open();
    // without a footer arrow-js falls back to reading a stream, and finds no schema in a file's
    if (!reader.isFile()) return 'unreadable';
    return reader.schema.metadata.has(META_KEY) ? 'breakpoints' : 'other';
  } catch {
    return 'unreadable';
  } finally {
    await handle.close();
  }
}

/** True when `file` is an Arrow file carrying carb breakpoint tables (not an episode corpus); see breakpointArrowKind. */
export async function isBreakpointArrowFile(file: string): Promise<boolean> {
  return (await breakpointArrowKind(file)) === 'breakpoints';
}

/** The one-line refusal of a breakpoint file whose bytes do not decode (cut short by an interrupted copy, or damaged). */
export const NOT_WHOLE_BREAKPOINTS =
  'expected a whole carb breakpoint table, found a truncated or damaged file (its Arrow footer does not read); replay this shard again';

/**
 * The breakpoint tables of a file and the provenance recorded with them (null for a table
 * written without one), after checking the SHA-256 of the whole file the table records
 * (`arrowSha256`, as a corpus Arrow file does): an edited or truncated file is refused, naming it.
 */
export function decodeBreakpointArrow(
  bytes: Uint8Array,
  file = '<buffer>',
): { tables: BreakpointTable[]; provenance: ReplayProvenance | null } {
  let table: Table;
  try {
    // arrow-js reads a file without its footer as a stream, silently: the closing magic is checked first
    if (bytes.length < 12 || Buffer.from(bytes.buffer, bytes.byteOffset + bytes.length - 6, 6).toString('latin1') !== 'ARROW1')
      throw new Error('no closing magic');
    table = tableFromIPC(bytes);
  } catch {
    // damaged bytes can make arrow-js throw anything
    throw new Error(`${file}: ${NOT_WHOLE_BREAKPOINTS}`);
  }
  const raw = table.schema.metadata.get(META_KEY);
  if (!raw) throw new Error(`${file}: expected a carb breakpoint table (schema metadata "${META_KEY}"), found none`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (e) {
    throw new Error(`${file}: expected the breakpoint table metadata (JSON under "${META_KEY}"), found ${(e as Error).message}`);
  }
  const format = (parsed as { format?: unknown } | null)?.format;
  if (format !== FORMAT)
    throw new Error(
      `${file}: expected breakpoint table format ${FORMAT} (with its content digest), found ${String(format)}; replay again with this carb version`,
    );
  // its shape is checked against the schema once the digest says the metadata is as written
  const meta = parsed as Partial<BreakpointMeta>;
  const sha = typeof meta.arrowSha256 === 'string' && /^[0-9a-f]{64}$/.test(meta.arrowSha256) ? meta.arrowSha256 : null;
  const at = sha === null ? -1 : arrowShaOffset(bytes, sha);
  if (sha === null || at < 0)
    throw new Error(
      `${file}: expected the breakpoint table's arrowSha256 (64 hex digits) in its schema metadata, found ${JSON.stringify(meta.arrowSha256 ?? null)} (file altered after carb wrote it)`,
    );
  const whole = arrowFileSha256(bytes, at);
  if (whole !== sha) throw new Error(`${file}: ${digestMismatch(sha, whole, 'the file bytes')}`);
  // the digest holds, so the metadata is as written: a wrong shape is a writer's fault, told key by key
  const issues = schemaIssues(schemaValidator(BREAKPOINT_META_SCHEMA_PATH), meta);
  if (issues.length > 0) throw new Error(issues.map((i) => `${file}: breakpoint metadata ${i}`).join('\n'));
  return tablesOf(table, meta as BreakpointMeta, file);
}

function tablesOf(table: Table, meta: BreakpointMeta, file: string): { tables: BreakpointTable[]; provenance: ReplayProvenance | null } {
  const parts: BreakpointTable[][] = meta.selectors.map(() => []);
  table.batches.forEach((batch, b) => {
    const selector = batch.getChild('selector')!;
    const s = meta.selectors.indexOf(String(selector.get(0)));
    if (s < 0 || [...selector].some((x) => x !== meta.selectors[s]))
      throw new Error(`${file}: record batch ${b}: expected rows of one listed selector, found ${[...new Set(selector)].join(', ')}`);
    parts[s]!.push(partOf(batch, meta, file, b));
  });
  const tables = meta.selectors.map((method, s) => {
    const ps = parts[s]!;
    const t = ps.length ? concatBreakpoints(ps) : null;
    if (!t || t.n !== meta.n) throw new Error(`${file}: selector ${method}: expected ${meta.n} episodes, found ${t?.n ?? 0}`);
    return t;
  });
  return { tables, provenance: meta.provenance ?? null };
}

function partOf(batch: RecordBatch, meta: BreakpointMeta, file: string, b: number): BreakpointTable {
  const n = batch.numRows;
  const col = (name: string) => {
    const v = batch.getChild(name);
    if (!v) throw new Error(`${file}: record batch ${b}: expected column "${name}", found none`);
    return v;
  };
  const ints = (name: string) => Int32Array.from(col(name).toArray() as Int32Array);
  const list = (name: string) => {
    const data = col(name).data[0]! as Data<List<Int32>>;
    const offsets = (data.valueOffsets as Int32Array).subarray(data.offset, data.offset + n + 1);
    const values = data.children[0]!.values as Int32Array;
    return { offsets, values: values.slice(offsets[0], offsets[n]) };
  };
  const executes = list('executesFrom');
  const context = list('contextSize');
  if (context.offsets.some((o, e) => o - context.offsets[0]! !== executes.offsets[e]! - executes.offsets[0]!)) {
    throw new Error(
      `${file}: record batch ${b}: expected executesFrom and contextSize lists of equal lengths per episode, found them differing`,
    );
  }
  const lossFrom = {} as Record<LedgerCategory, Int32Array>;
  for (const k of LEDGER_CATEGORIES) lossFrom[k] = ints(lossColumn(k));
  return {
    method: String(col('selector').get(0)),
    grid: meta.grid,
    G: meta.G,
    n,
    ids: [...col('episode')].map(String),
    groups: [...col('group')].map(String),
    stepOffset: Int32Array.from(executes.offsets, (o) => o - executes.offsets[0]!),
    executesFrom: executes.values,
    contextSize: context.values,
    taskCompleted: Uint8Array.from(col('taskCompleted').toArray() as Uint8Array),
    successFrom: ints('successFrom'),
    runsFrom: ints('runsFrom'),
    unionFirstStep: ints('unionFirstStep'),
    unionLossFrom: ints('unionLossFrom'),
    lossFrom,
  };
}
