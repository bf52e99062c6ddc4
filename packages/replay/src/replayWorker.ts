import type { Episode } from '@carb/episodes';
import { ownToolTyping, type Pipeline } from '@carb/pipeline';
import { move, transferableSymbol, valueSymbol, workerData } from 'piscina';
import type { BreakpointTable } from './breakpoints.ts';
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
 * A LineTask's result as it goes back: the lines' outcomes as JSON text, which the reading thread
 * parses (a structured clone of a chunk's 64 heads cost this thread ~3× their JSON.stringify).
 */
export type ReplayedLinesMessage = Omit<ReplayedLines, 'decoded'> & { decodedJson: string };

/**
 * Pool task: one chunk in, one breakpoint table per selector out (with each line's outcome
 * for a LineTask), columns moved, not copied.
 */
export default function replayChunk(task: ReplayTask): unknown {
  if (!data || !pipeline) throw new Error('replayWorker: started without worker data (run it through replayParallel)');
  if ('lines' in task) {
    const done = replayLines(task, pipeline, data.selectors, data.noise);
    // ids and groups go back once, in the decoded heads (replayStream puts them back into the
    // tables): a cloned string per episode and table is 10⁶ strings the reading thread would keep
    for (const t of done.tables) {
      t.ids = [];
      t.groups = [];
    }
    const buffers = [done.hashes.buffer as ArrayBuffer, ...done.tables.flatMap(columnBuffers)];
    const message: ReplayedLinesMessage = { decodedJson: JSON.stringify(done.decoded), hashes: done.hashes, tables: done.tables };
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
