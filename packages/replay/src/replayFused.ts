import type { Episode } from '@carb/episodes';
import { ledgerTrace, type LedgerTrace } from '@carb/ledger';
import type { Pipeline, SelectorConfig } from '@carb/pipeline';
import { noisyScore, type SuiteMeta } from '@carb/suites';
import { breakpointTable, type EpisodeReplay } from './breakpointTable.ts';
import type { BreakpointTable } from './breakpoints.ts';
import { scoreEpisodeFused } from './scoreEpisode.ts';

/** One table to produce: the name it is recorded under and the selector it replays. */
export interface FusedSelector {
  method: string;
  selector: SelectorConfig;
}

/** Seeded score noise of a generated suite (its .meta.json): plain data, so it crosses to worker threads. */
export type ReplayNoise = Pick<SuiteMeta, 'noiseSeed' | 'params'>;

export interface FusedReplayOptions {
  /** Score noise applied to every q_t (App. G.2), the same draw for every selector. */
  noise?: ReplayNoise | null;
  /** Ledger traces by episode index, when the caller already has them. */
  traces?: readonly LedgerTrace[];
  /** Per-episode progress callback. */
  onEpisode?: () => void;
}

/**
 * One fused replay pass: each episode's prefix graph is built once and every selector is
 * decided on it; returns one breakpoint table per selector, in the order given.
 */
export function replayFused(episodes: readonly Episode[], pipeline: Pipeline, selectors: readonly FusedSelector[], options: FusedReplayOptions = {}): BreakpointTable[] {
  const { noise } = options;
  const perturb = noise ? (id: string, t: number, q: number) => noisyScore(noise, id, t, q) : undefined;
  const configs = selectors.map((s) => s.selector);
  const replays: EpisodeReplay[][] = selectors.map(() => []);
  const traces: LedgerTrace[] = [];
  episodes.forEach((episode, e) => {
    scoreEpisodeFused(episode, pipeline, configs, perturb).forEach(({ allowFrom, contextSize }, s) => replays[s]!.push({ allowFrom, contextSize }));
    traces.push(options.traces?.[e] ?? ledgerTrace(episode, pipeline));
    options.onEpisode?.();
  });
  return selectors.map((s, k) => breakpointTable(s.method, pipeline.grid, episodes, replays[k]!, traces));
}
