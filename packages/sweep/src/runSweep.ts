import { join } from 'node:path';
import { removeStaleTemps } from '@carb/io';
import type { Pipeline } from '@carb/pipeline';
import { Piscina } from 'piscina';
import { conditionHash } from './conditionHash.ts';
import { onInterrupt } from './interrupts.ts';
import { selectConditions, type SweepShard } from './selectConditions.ts';
import { conditionFile, jsonText, readStoredCondition, storedFiles, writeCondition, writeUnlessSame } from './store.ts';
import { SWEEP_RECORD, sweepRecord, type SweepRecord } from './sweepRecord.ts';
import { sweepPipelineHash } from './sweepPipelineHash.ts';
import { sweepWorkerEntry } from './sweepWorkerEntry.ts';
import type { SweepWorkerData } from './sweepWorker.ts';
import type { ConditionResult, SweepSpec } from './types.ts';
import { writeAggregates } from './writeAggregates.ts';

/** What happens to a condition during a run (for a progress display). */
export interface SweepEvent {
  status: 'queued' | 'running' | 'done' | 'skipped';
  name: string;
  hash: string;
}

/** Options of {@link runSweep}. */
export interface RunSweepOptions {
  spec: SweepSpec;
  pipeline: Pipeline;
  /** Output folder: conditions/<hash>.json, sweep.json and, once every condition is there, the aggregates. */
  out: string;
  /** Conditions evaluated at once, each on a worker thread of its own. */
  workers: number;
  /** carb's version, part of every condition's frozen hash. */
  carbVersion: string;
  /** Evaluate only these conditions (names; an unknown name is refused before any work). */
  only?: readonly string[];
  /** Evaluate only shard i of N of the selected conditions (k mod N = i). */
  shard?: SweepShard;
  onEvent?: (event: SweepEvent) => void;
  /** Called on SIGINT, SIGTERM or SIGHUP before the process dies of it (stop a progress bar here). */
  onInterrupt?: () => void;
}

/** What a run did. */
export interface SweepRun {
  record: SweepRecord;
  selected: number;
  evaluated: number;
  skipped: number;
  /** Conditions of the whole spec found finished in `out` after the run (any shard's). */
  present: number;
  /** Aggregate files written into `out`; none while a condition of the spec is missing. */
  aggregates: string[];
  /** Files in out/conditions that are none of the spec's conditions (another spec, pipeline or version): left as they are. */
  foreign: string[];
}

/**
 * Runs a sweep into `out`: a selected condition already stored under its frozen config hash is
 * skipped (a stored file that is not that condition's result is refused, one line, before anything
 * is written), the others are evaluated in parallel on worker threads and each is stored atomically
 * as soon as it is done; when every condition of the spec is in `out` (whichever run or shard
 * wrote it), the tables, CSV, figures and index.html are written. Every file is the same bytes
 * for any worker count, sharding or interruption-and-resume. SIGINT/SIGTERM/SIGHUP end the run
 * between two files, never inside one. Temporary files a killed run left for the selected
 * conditions are removed: only this run (the caller holds its shard's lock) writes them.
 */
export async function runSweep(opts: RunSweepOptions): Promise<SweepRun> {
  const { spec, out } = opts;
  if (!Number.isInteger(opts.workers) || opts.workers < 1) throw new Error(`sweep: expected a worker count ≥ 1, found ${opts.workers}`);
  const selected = selectConditions(spec, opts.only, opts.shard);
  const pipelineHash = sweepPipelineHash(opts.pipeline);
  const hashes = spec.conditions.map((c) => conditionHash(spec, c, pipelineHash, opts.carbVersion));
  const record = sweepRecord(spec, pipelineHash, opts.carbVersion, hashes);
  const emit = (status: SweepEvent['status'], index: number) =>
    opts.onEvent?.({ status, name: spec.conditions[index]!.name, hash: hashes[index]! });
  let destroyPool: (() => Promise<void>) | null = null;
  // set from the signal handler: typed by assertion so the checks below are not narrowed to the initial null
  let interrupted = null as string | null;
  const stopListening = onInterrupt((sig) => {
    interrupted = sig;
    opts.onInterrupt?.();
    void destroyPool?.();
  });
  try {
    // every stored result of this sweep is read first: a malformed one (any shard's) is refused before anything is written
    const reusable = spec.conditions.map((c, i) => readStoredCondition(out, hashes[i]!, c.name) !== null);
    writeUnlessSame(join(out, SWEEP_RECORD), jsonText(record));
    for (const { index } of selected) removeStaleTemps(conditionFile(out, hashes[index]!));
    const pending: number[] = [];
    for (const { index } of selected) {
      if (reusable[index]) emit('skipped', index);
      else pending.push(index);
    }
    for (const index of pending) emit('queued', index);
    if (pending.length > 0) {
      const threads = Math.min(opts.workers, pending.length);
      const pool = new Piscina({
        ...sweepWorkerEntry(),
        minThreads: threads,
        maxThreads: threads,
        workerData: { spec, pipeline: opts.pipeline, carbVersion: opts.carbVersion } satisfies SweepWorkerData,
      });
      let destroyed: Promise<void> | null = null;
      const destroy = (destroyPool = () => (destroyed ??= pool.destroy()));
      let next = 0;
      // set from the lanes' closures: typed by assertion so `if (failure)` is not narrowed to the initial null
      let failure = null as Error | null;
      // one lane per thread, each taking the next condition in spec order as it frees up; after a
      // failure no condition starts, but those running finish and are stored (a rerun skips them)
      const lane = async () => {
        while (next < pending.length && !failure && !interrupted) {
          const index = pending[next++]!;
          const name = spec.conditions[index]!.name;
          emit('running', index);
          let result: ConditionResult;
          try {
            result = (await pool.run(index)) as ConditionResult;
          } catch (e) {
            if (!interrupted) failure ??= new Error(`sweep ${spec.name}: condition ${name}: ${(e as Error).message}`);
            return;
          }
          if (interrupted) return;
          if (result.hash !== hashes[index]) {
            failure ??= new Error(
              `sweep ${spec.name}: condition ${name} came back with hash ${result.hash.slice(0, 12)}; expected ${hashes[index]!.slice(0, 12)} (evaluateCondition and conditionHash disagree)`,
            );
            return;
          }
          writeCondition(out, result);
          emit('done', index);
        }
      };
      try {
        await Promise.all(Array.from({ length: threads }, lane));
      } finally {
        await destroy();
        destroyPool = null;
      }
      if (failure) throw failure;
    }
    if (interrupted) throw new Error(`sweep ${spec.name}: interrupted by ${interrupted}`);
    const stored = spec.conditions.map((c, i) => readStoredCondition(out, hashes[i]!, c.name));
    const complete = stored.every((r): r is ConditionResult => r !== null);
    const aggregates = complete ? writeAggregates(out, record, stored) : [];
    const mine = new Set(hashes.map((h) => `${h}.json`));
    const foreign = storedFiles(out).filter((f) => !mine.has(f));
    return {
      record,
      selected: selected.length,
      evaluated: pending.length,
      skipped: selected.length - pending.length,
      present: stored.filter((r) => r !== null).length,
      aggregates,
      foreign,
    };
  } finally {
    stopListening();
  }
}
