import { nameRecord } from '@carb/io';
import { decodeJsonlLine, encoderText, episodeHash, forEachRecordLine, type DecodedLine, type RecordLines } from '@carb/episodes';
import { untypedCalls, type Pipeline } from '@carb/pipeline';
import type { BreakpointTable } from './breakpoints.ts';
import { FusedReplayRows, type FusedSelector, type ReplayNoise } from './replayFused.ts';

/** JSONL record lines (their bytes) to decode and replay where they are decoded (DeferredCorpus). */
export interface LineTask extends RecordLines {
  maxLine: number;
}

/** A LineTask done: each line's outcome, each decoded episode's digest hash and one breakpoint table per selector. */
export interface ReplayedLines {
  decoded: DecodedLine[];
  /** episodeHash of each decoded episode, 32 bytes each, in order. */
  hashes: Uint8Array;
  tables: BreakpointTable[];
}

/**
 * Decodes record lines (decodeJsonlLine: the one rule for a line) and replays the episodes
 * they hold: each line is parsed once, in the thread that replays it.
 */
export function replayLines(
  task: LineTask,
  pipeline: Pipeline,
  selectors: readonly FusedSelector[],
  noise: ReplayNoise | null,
): ReplayedLines {
  const decoded: DecodedLine[] = [];
  const rows = new FusedReplayRows(pipeline, selectors, noise);
  let episodes = 0;
  // at most one hash per line; cut to the episodes decoded at the end
  const hashes = new Uint8Array(32 * task.lengths.length);
  // each line's text and episode are made as it is decoded and are garbage once it is hashed and replayed:
  // they die young, not with the chunk
  forEachRecordLine(task, (text, n) => {
    const got = decodeJsonlLine(text, n, task.maxLine, true);
    if (got === null) return;
    if (!('episode' in got)) {
      decoded.push(got);
      return;
    }
    const e = got.episode;
    hashes.set(episodeHash(got.encoded ?? encoderText(e)), 32 * episodes++);
    rows.add(e);
    decoded.push({
      head: {
        id: e.id,
        group: e.group,
        source: e.source,
        flags: e.flags,
        calls: e.steps.length,
        untypedCalls: untypedCalls(pipeline.toolTyping, e.steps),
        tools: toolCounts(e.steps),
      },
    });
  });
  return { decoded, hashes: hashes.subarray(0, 32 * episodes), tables: rows.tables() };
}

/** Tool → calls of one episode: its share of the calibration's tool vocabulary (fingerprint.json), counted where it is decoded. */
function toolCounts(steps: ReadonlyArray<{ tool: string }>): Record<string, number> {
  // a nameRecord only when a tool is named like an Object.prototype member (structured clone keeps such a key
  // as an own property): it is built and cloned ~1.5 µs slower an episode than a plain object
  const out: Record<string, number> = steps.some((s) => s.tool in Object.prototype) ? nameRecord() : {};
  for (const s of steps) out[s.tool] = (out[s.tool] ?? 0) + 1;
  return out;
}
