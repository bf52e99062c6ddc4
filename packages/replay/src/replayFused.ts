import type { Episode } from '@carb/episodes';
import { ledgerTrace, type LedgerTrace } from '@carb/ledger';
import type { Pipeline, SelectorConfig } from '@carb/pipeline';
import { edgeDropout, type EdgeDropoutSource } from '@carb/evidence';
import { allocateBreakpointTable, fillBreakpointRow, type TableEpisode } from './breakpointTable.ts';
import type { BreakpointTable } from './breakpoints.ts';
import type { EdgePerturbation, ScorePerturbation } from './perturb.ts';
import { ScoreColumns, scoreEpisodeFused, type EpisodeScores } from './scoreEpisode.ts';
import { noisyScore, type ScoreNoiseSource } from './scoreNoise.ts';

/** One table to produce: the name it is recorded under and the selector it replays. */
export interface FusedSelector {
  method: string;
  selector: SelectorConfig;
}

/**
 * The seeded replay perturbations of a generated suite (its .meta.json): score noise
 * (params.scoreNoise) and observable-edge dropout (params.edgeDropout), both drawn from
 * noiseSeed. Plain data, so it crosses to worker threads.
 */
export interface ReplayNoise extends ScoreNoiseSource, EdgeDropoutSource {
  params: { scoreNoise: number; edgeDropout: number };
}

export interface FusedReplayOptions {
  /** Score noise on every q_t and edge dropout on every prefix graph (App. G.2), the same draws for every selector. */
  noise?: ReplayNoise | null;
  /** Ledger traces by episode index, when the caller already has them. */
  traces?: readonly LedgerTrace[];
  /** Per-episode progress callback. */
  onEpisode?: () => void;
  /**
   * Each episode's scores per selector (in `selectors` order), as scored: what `carb apply` reports beside
   * the table. Their allowFrom and contextSize are views valid during the call (ScoreColumns).
   */
  onScored?: (e: number, scored: readonly EpisodeScores[]) => void;
}

/**
 * One fused replay pass: each episode's prefix graph is built once and every selector is
 * decided on it; returns one breakpoint table per selector, in the order given.
 */
export function replayFused(
  episodes: readonly Episode[],
  pipeline: Pipeline,
  selectors: readonly FusedSelector[],
  options: FusedReplayOptions = {},
): BreakpointTable[] {
  const rows = new FusedReplayRows(pipeline, selectors, options.noise ?? null);
  const { onScored } = options;
  episodes.forEach((episode, e) => {
    rows.add(episode, options.traces?.[e], onScored && ((scored) => onScored(e, scored)));
    options.onEpisode?.();
  });
  return rows.tables();
}

/** What an episode's table rows need once it is scored (allocateBreakpointTable, fillBreakpointRow). */
type RowFacts = TableEpisode & { firstStep: LedgerTrace['firstStep'] };

/**
 * replayFused one episode at a time: `add` scores an episode under every selector and keeps only what its
 * table rows need (its id, group, step count, outcome, first ledger steps and per-step scores), so an
 * episode is garbage once added. A replay worker decodes a chunk's episodes one by one: held to the end of
 * the chunk, they outlived the young generation's collections and were copied by each. `tables()` gives
 * the tables of the episodes added, in order.
 */
export class FusedReplayRows {
  private readonly configs: SelectorConfig[];
  private readonly perturb: ScorePerturbation | undefined;
  private readonly dropEdges: EdgePerturbation | undefined;
  // every episode's per-step scores, kept one after the other where scoreEpisodeFused writes them:
  // per episode, per selector, its allowFrom, then its contextSize (T each)
  private readonly columns = new ScoreColumns();
  private readonly rows: RowFacts[] = [];

  constructor(
    private readonly pipeline: Pipeline,
    private readonly selectors: readonly FusedSelector[],
    noise: ReplayNoise | null,
  ) {
    this.configs = selectors.map((s) => s.selector);
    // each perturbation only when it acts: σ = 0 must leave exact scores exact
    this.perturb = noise?.params.scoreNoise ? (id, t, q) => noisyScore(noise, id, t, q) : undefined;
    this.dropEdges = noise?.params.edgeDropout ? (id) => edgeDropout(noise, id) : undefined;
  }

  /**
   * Scores `episode` (its ledger trace given or traced here). `onScored` sees its scores per selector as
   * scored, views valid during the call (replayFused's onScored).
   */
  add(episode: Episode, trace?: LedgerTrace, onScored?: (scored: readonly EpisodeScores[]) => void): void {
    const scored = scoreEpisodeFused(episode, this.pipeline, this.configs, this.perturb, this.dropEdges, this.columns);
    this.columns.keep();
    const T = episode.steps.length;
    const { id, group, outcome } = episode;
    this.rows.push({ id, group, outcome, steps: { length: T }, firstStep: (trace ?? ledgerTrace(episode, this.pipeline)).firstStep });
    onScored?.(scored);
  }

  /** One breakpoint table per selector, in the order given, of the episodes added. */
  tables(): BreakpointTable[] {
    const tables = this.selectors.map((s) => allocateBreakpointTable(s.method, this.pipeline.grid, this.rows));
    let at = 0;
    this.rows.forEach((row, e) => {
      const T = row.steps.length;
      for (const table of tables) {
        const replay = { allowFrom: this.columns.read(at, T), contextSize: this.columns.read(at + T, T) };
        fillBreakpointRow(table, e, row, replay, row.firstStep);
        at += 2 * T;
      }
    });
    return tables;
  }
}
