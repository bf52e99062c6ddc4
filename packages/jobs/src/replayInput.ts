import { DeferredCorpus, encoderText, listCorpus, type Episode } from '@carb/episodes';
import { CorpusTally } from './corpusTally.ts';
import type { StratumField } from './strata.ts';
import { countTools } from '@carb/deploy';
import { configComponentHashes, untypedCalls, type Pipeline } from '@carb/pipeline';
import {
  mergeLedgerRow,
  BESIDE_READING_CHUNK,
  replayBesideReading,
  replayStream,
  type BreakpointTable,
  type DecodedBatch,
  type FusedSelector,
  type ReplayNoise,
  type ReplayProvenance,
} from '@carb/replay';
import { progress } from '@carb/io';
import { CARB_VERSION } from './carbVersion.ts';
import type { EpisodeSources, LedgerRow } from './ledgerEvents.ts';
import { streamEpisodes, streamLineBatches, type LoadOptions, type ReadStats } from './loadEpisodes.ts';
import type { ShardSpec } from './shardSpec.ts';

export { NO_STRATUM_VALUE } from './corpusTally.ts';

/** Episodes to replay: in memory (small corpora, the main job) or streamed from files. */
export type EpisodeInput = { episodes: readonly Episode[] } | { paths: string[]; load: LoadOptions };

export interface ReplayInputOptions {
  input: EpisodeInput;
  pipeline: Pipeline;
  selectors: readonly FusedSelector[];
  workers: number;
  noise: ReplayNoise | null;
  quiet?: boolean;
  /** Record each episode's stratum (and a digest per stratum). */
  by?: StratumField;
  /** Replay only this shard's episodes (every episode is still read and digested). */
  shard?: ShardSpec;
  /** Filled with what reading found (streamed input). */
  stats?: ReadStats;
  /** External scores and ledger events read beside the corpus (ledgerSources, scoreSources). */
  sources?: EpisodeSources | null;
  /**
   * Called once every episode is replayed, before the tables are joined and the corpus digested, with
   * the usable episodes counted and their format (ReplayedInput's `episodes` and `format`).
   */
  onReplayed?: (read: { episodes: number; format: string | null }) => void;
}

/** One replay pass over a corpus, with what calibrate needs to pin it. */
export interface ReplayedInput {
  /** Breakpoint tables by selector name, in corpus order (this shard's episodes only, with `shard`). */
  tables: Map<string, BreakpointTable>;
  /** Usable episodes in the whole corpus. */
  episodes: number;
  digest: string;
  format: string | null;
  /** Per replayed episode, its stratum (with `by`). */
  strata: string[] | null;
  /** Per stratum, its corpus digest (with `by`). */
  strataDigests: Map<string, string> | null;
  /** Replay perturbations applied (noiseText), null when none. */
  noise: string | null;
  /** Distinct `source.model` values, sorted (a report title says what was calibrated). */
  models: string[];
  /** Episodes left out by the sources beside the corpus (e.g. no ledger events line), by reason. */
  excluded?: Array<{ reason: string; count: number }>;
  /** Proposals of the replayed episodes, and those to tools the pipeline's typing does not list. */
  calls?: { total: number; untyped: number };
  /** Tool → calls over the episodes replayed (the fingerprint's vocabulary); absent for breakpoint inputs. */
  tools?: Map<string, number>;
}

/**
 * The replay perturbations as pinned in the corpus component: `σ@seed` for score noise alone
 * (the form manifests have recorded since score noise came), `edgeDropout=p@seed` for edge
 * dropout alone, `σ+edgeDropout=p@seed` for both; null when neither acts.
 */
export function noiseText(noise: ReplayNoise | null): string | null {
  if (!noise) return null;
  const { scoreNoise, edgeDropout } = noise.params;
  const parts = [...(scoreNoise ? [`${scoreNoise}`] : []), ...(edgeDropout ? [`edgeDropout=${edgeDropout}`] : [])];
  return parts.length ? `${parts.join('+')}@${noise.noiseSeed}` : null;
}

/**
 * The episodes of each batch read that the sources admit (with their ledger rows, into
 * `ledgerRows`) and that are this shard's, each with the text the workers decode.
 */
async function* admittedBatches(
  source: AsyncIterable<readonly Episode[]> | Iterable<readonly Episode[]>,
  sources: EpisodeSources | null,
  tally: CorpusTally,
  pipeline: Pipeline,
  ledgerRows: Array<LedgerRow | null>,
): AsyncGenerator<DecodedBatch> {
  for await (const batch of source) {
    const kept: Episode[] = [];
    const texts: string[] = [];
    for (const read of batch) {
      const admitted = sources ? sources.admit(read) : { episode: read, ledger: null };
      if (!admitted) continue;
      const e = admitted.episode;
      // the digest's text doubles as the worker's copy of the episode; the corpus is digested as
      // read: scores attached from a --scores file are pinned by that file's digest (scorer)
      const text = encoderText(e);
      const readText = e === read ? text : encoderText(read);
      if (!tally.account(e, (d) => d.add(read, readText))) continue;
      tally.calls.total += e.steps.length;
      tally.calls.untyped += untypedCalls(pipeline.toolTyping, e.steps);
      countTools(e, tally.tools);
      kept.push(e);
      texts.push(text);
      ledgerRows.push(admitted.ledger);
    }
    if (kept.length) yield { episodes: kept, texts };
  }
}

/**
 * Reads (streaming when given paths), digests and replays a corpus in one pass: every
 * selector on one prefix graph per episode, across `workers` threads. Memory is the
 * breakpoint tables plus one batch, not the corpus.
 */
export async function replayInput(o: ReplayInputOptions): Promise<ReplayedInput> {
  const tally = new CorpusTally(o.by, o.shard);
  const { calls, tools } = tally;
  const sources = o.sources ?? null;
  // the corpus is walked once, whichever way it is then read
  const listing = 'paths' in o.input ? listCorpus(o.input.paths, o.input.load.format ?? 'auto') : null;
  // a corpus of JSONL files, replayed whole with nothing beside it, is decoded in the replay
  // workers: the reading thread only cuts and hashes lines (each line is parsed once)
  const deferred =
    'paths' in o.input && !sources && !o.shard ? DeferredCorpus.open(o.input.paths, o.input.load.format ?? 'auto', listing!) : null;
  const source: AsyncIterable<readonly Episode[]> | Iterable<readonly Episode[]> =
    'episodes' in o.input
      ? [o.input.episodes]
      : streamEpisodes(o.input.paths, {
          ...o.input.load,
          batchSize: BESIDE_READING_CHUNK,
          ...(listing ? { listing } : {}),
          ...(o.stats ? { stats: o.stats } : {}),
        });
  const total = 'episodes' in o.input ? o.input.episodes.length : null;
  const bar = o.quiet ? { tick() {}, stop() {} } : progress('replay', total);
  // per replayed episode, the ledger row its sources add (written into every table once replayed)
  const ledgerRows: Array<LedgerRow | null> = [];
  // what the run pins of each usable episode, in corpus order; false: not in this shard
  const lineRead =
    deferred && 'paths' in o.input
      ? streamLineBatches(deferred, o.input.paths, { ...o.input.load, ...(o.stats ? { stats: o.stats } : {}) }, (head, hashes, at) => {
          if (tally.account(head, (d) => d.addHash(head.id, hashes, at))) {
            calls.total += head.calls ?? 0;
            calls.untyped += head.untypedCalls ?? 0;
            // for…in, not Object.entries: no [tool, count] array made per tool of 10⁶ heads
            const counts = head.tools ?? {};
            for (const tool in counts) tools.set(tool, (tools.get(tool) ?? 0) + counts[tool]!);
          }
        })
      : null;
  const replayOptions = {
    workers: o.workers,
    noise: o.noise,
    onEpisodes: (k: number) => bar.tick(k),
    onReplayed: () => o.onReplayed?.({ episodes: tally.position, format: tally.format }),
  };
  let tables: BreakpointTable[];
  try {
    if (lineRead) tables = await replayStream(lineRead.batches, o.pipeline, o.selectors, replayOptions);
    else {
      const admitted = admittedBatches(source, sources, tally, o.pipeline, ledgerRows);
      // read from files, each episode is decoded, encoded and hashed on this thread: with three workers or more,
      // replay goes beside that work on the cores left once this thread and V8's own (collector, compiler: ~0.8 of a
      // core on the shared runs) have theirs. A replay thread costs ~1 s of CPU there (start-up, its own JIT and heap,
      // a parse of each episode): on two cores it bought no time on the shared runs (issue 26, A/B), so two workers keep
      // replayStream's rule (the first 5,000 episodes replayed here as they are read, threads only past them)
      tables =
        'paths' in o.input && o.workers >= 3
          ? await replayBesideReading(admitted, o.pipeline, o.selectors, { ...replayOptions, workers: o.workers - 1 })
          : await replayStream(admitted, o.pipeline, o.selectors, replayOptions);
    }
  } catch (e) {
    bar.stop();
    lineRead?.end(false);
    throw e;
  }
  lineRead?.end(true);
  bar.stop();
  sources?.finish();
  for (const table of tables)
    ledgerRows.forEach((row, e) => {
      if (row) mergeLedgerRow(table, e, row.steps, row.keep);
    });
  return {
    tables: new Map(tables.map((t) => [t.method, t])),
    episodes: tally.position,
    digest: tally.digester.digest(),
    format: tally.format,
    strata: tally.strata,
    strataDigests: tally.byStratum ? new Map([...tally.byStratum].map(([k, d]) => [k, d.digest()])) : null,
    noise: noiseText(o.noise),
    models: [...tally.models].sort(),
    excluded: sources?.excluded() ?? [],
    calls,
    tools,
  };
}

/** Provenance recorded with a replay's breakpoint tables (replay --out, shards). */
export function replayProvenance(
  pipeline: Pipeline,
  r: ReplayedInput,
  noise: ReplayNoise | null,
  corpus: readonly string[],
  shard: ShardSpec | null,
): ReplayProvenance {
  return {
    carbVersion: CARB_VERSION,
    components: configComponentHashes(pipeline),
    corpusDigest: r.digest,
    corpusEpisodes: r.episodes,
    format: r.format,
    noise: r.noise ?? noiseText(noise),
    models: r.models,
    corpus: [...corpus],
    shard: shard ? { index: shard.index, count: shard.count } : null,
  };
}
