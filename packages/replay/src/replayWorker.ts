import type { Episode } from '@carb/episodes';
import { LEDGER_CATEGORIES, ownToolTyping, type Pipeline } from '@carb/pipeline';
import { move, transferableSymbol, valueSymbol, workerData } from 'piscina';
import type { BreakpointTable } from './breakpoints.ts';
import { packDecoded } from './decodedWire.ts';
import { replayFused, type FusedSelector, type ReplayNoise } from './replayFused.ts';
import { replayLines, type LineTask, type ReplayedLines } from './replayLines.ts';

/** What every replay worker is started with (structured-cloned once per thread). */
export interface ReplayWorkerData {
  pipeline: Pipeline;
  selectors: FusedSelector[];
  noise: ReplayNoise | null;
}

const data = workerData as ReplayWorkerData | undefined;
const pipeline: Pipeline | undefined = data && ownToolTyping(data.pipeline);

/** A chunk of episodes: the objects (structured-cloned), their encoderText to parse here, or JSONL record lines to decode here. */
export type ReplayTask = Episode[] | { texts: string[] } | LineTask;

/**
 * A LineTask's result as it goes back: the lines' outcomes as one text (packDecoded), which the reading
 * thread parses (a structured clone of a chunk's 64 heads cost this thread ~3× their JSON.stringify).
 */
export type ReplayedLinesMessage = Omit<ReplayedLines, 'decoded'> & { decodedWire: string };

/**
 * Pool task: one chunk in, one breakpoint table per selector out (with each line's outcome
 * for a LineTask), columns moved, not copied.
 */
export default function replayChunk(task: ReplayTask): unknown {
  if (!data || !pipeline) throw new Error('replayWorker: started without worker data (run it through replayParallel)');
  if ('lengths' in task) {
    const done = replayLines(task, pipeline, data.selectors, data.noise);
    // ids and groups go back once, in the decoded heads (replayStream puts them back into the
    // tables): a cloned string per episode and table is 10⁶ strings the reading thread would keep
    for (const t of done.tables) {
      t.ids = [];
      t.groups = [];
    }
    const buffers = packColumns(done.tables, done);
    const message: ReplayedLinesMessage = { decodedWire: packDecoded(done.decoded), hashes: done.hashes, tables: done.tables };
    return move({
      get [transferableSymbol]() {
        return buffers;
      },
      get [valueSymbol]() {
        return message;
      },
    });
  }
  const episodes = Array.isArray(task) ? task : task.texts.map((t) => JSON.parse(t) as Episode);
  const tables = replayFused(episodes, pipeline, data.selectors, { noise: data.noise });
  const buffers = tables.flatMap(columnBuffers);
  return move({
    get [transferableSymbol]() {
      return buffers;
    },
    get [valueSymbol]() {
      return tables;
    },
  });
}

function columnBuffers(t: BreakpointTable): ArrayBuffer[] {
  const cols = [
    t.stepOffset,
    t.executesFrom,
    t.contextSize,
    t.taskCompleted,
    t.successFrom,
    t.runsFrom,
    t.unionFirstStep,
    t.unionLossFrom,
    ...Object.values(t.lossFrom),
  ];
  return cols.map((c) => c.buffer as ArrayBuffer);
}

/** A column of a table (or the hashes) and how to put its view on the packed buffer in its place. */
type Packed = [Int32Array | Uint8Array, (view: Int32Array | Uint8Array) => void];

/**
 * The tables' per-episode columns and the chunk's hashes moved into one buffer, each replaced by a view
 * on it (8-byte aligned); the transfer list. The per-step columns keep their own buffers, so that
 * concatBreakpoints still lets each go once it is joined. A chunk then goes back as 3 buffers, not 14:
 * a 10⁶-episode stream peaked at 950–952 MiB instead of 981–987 MiB (two alternated runs each).
 */
function packColumns(tables: BreakpointTable[], done: { hashes: Uint8Array }): ArrayBuffer[] {
  const columns: Packed[] = [[done.hashes, (v) => (done.hashes = v as Uint8Array)]];
  for (const t of tables) {
    columns.push(
      [t.stepOffset, (v) => (t.stepOffset = v as Int32Array)],
      [t.taskCompleted, (v) => (t.taskCompleted = v as Uint8Array)],
      [t.successFrom, (v) => (t.successFrom = v as Int32Array)],
      [t.runsFrom, (v) => (t.runsFrom = v as Int32Array)],
      [t.unionFirstStep, (v) => (t.unionFirstStep = v as Int32Array)],
      [t.unionLossFrom, (v) => (t.unionLossFrom = v as Int32Array)],
    );
    for (const k of LEDGER_CATEGORIES) columns.push([t.lossFrom[k], (v) => (t.lossFrom[k] = v as Int32Array)]);
  }
  const aligned = (bytes: number): number => (bytes + 7) & ~7;
  const packed = new ArrayBuffer(columns.reduce((n, [c]) => n + aligned(c.byteLength), 0));
  let at = 0;
  for (const [column, replace] of columns) {
    const view = column instanceof Uint8Array ? new Uint8Array(packed, at, column.length) : new Int32Array(packed, at, column.length);
    view.set(column);
    replace(view);
    at += aligned(column.byteLength);
  }
  return [packed, ...tables.flatMap((t) => [t.executesFrom.buffer as ArrayBuffer, t.contextSize.buffer as ArrayBuffer])];
}
