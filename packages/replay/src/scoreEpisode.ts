import type { Episode } from '@carb/episodes';
import { firstAllowingIndex, type Pipeline, type Score, type SelectorConfig } from '@carb/pipeline';
import { perturbedScore, type EdgePerturbation, type ScorePerturbation } from './perturb.ts';
import { createFusedSession } from './session.ts';

/** Per-proposal scores of one ungated episode; λ-free, so computed once. */
export interface EpisodeScores {
  /** q_t per logged proposal (after any perturbation). */
  scores: Score[];
  /** Smallest grid index whose threshold allows proposal t (q_t ≤ λ_g, decided exactly). */
  allowFrom: Int32Array;
  /** |C_t|: selected context size at decision t (proposal counted as one node). */
  contextSize: Int32Array;
}

/**
 * Scores every logged proposal once, executing each record after its decision (the ungated
 * log); `perturb` moves each q_t, `dropEdges` filters the episode's prefix-graph edges.
 */
export function scoreEpisode(
  episode: Episode,
  pipeline: Pipeline,
  selector: SelectorConfig,
  perturb?: ScorePerturbation,
  dropEdges?: EdgePerturbation,
): EpisodeScores {
  return scoreEpisodeFused(episode, pipeline, [selector], perturb, dropEdges)[0]!;
}

/**
 * scoreEpisode under several selectors in one pass over the episode (one prefix graph):
 * one EpisodeScores per selector, each equal to what scoreEpisode gives for it alone. With
 * `columns`, their per-step arrays are views on it, valid until it is used for another episode.
 */
export function scoreEpisodeFused(
  episode: Episode,
  pipeline: Pipeline,
  selectors: readonly SelectorConfig[],
  perturb?: ScorePerturbation,
  dropEdges?: EdgePerturbation,
  columns?: ScoreColumns,
): EpisodeScores[] {
  const steps = episode.steps;
  const T = steps.length;
  columns?.fit(2 * selectors.length, T);
  const out: EpisodeScores[] = selectors.map((_, s) =>
    columns
      ? { scores: [], allowFrom: columns.view(2 * s, T), contextSize: columns.view(2 * s + 1, T) }
      : { scores: [], allowFrom: new Int32Array(T), contextSize: new Int32Array(T) },
  );
  const session = createFusedSession(pipeline, selectors, episode.id, undefined, dropEdges?.(episode.id));
  for (let t = 0; t < T; t++) {
    const step = steps[t]!;
    const decisions = session.decide(step, episode.externalScores?.[t]);
    decisions.forEach((d, s) => {
      const q = perturbedScore(d.score, episode.id, t, perturb);
      const o = out[s]!;
      o.scores.push(q);
      o.allowFrom[t] = firstAllowingIndex(pipeline.grid, q);
      o.contextSize[t] = d.contextSize;
    });
    session.execute(step);
  }
  session.release();
  return out;
}

/**
 * Per-step columns that scoreEpisodeFused writes, kept from episode to episode (replayFused reads
 * each episode's before it scores the next). Made fresh, they were two Int32Arrays per episode and
 * selector, past 64 bytes from 17 steps on and so allocated outside V8's heap (~1.1 µs each made and
 * dropped in a loop, against ~25 ns on it), 2·10⁶ buffers for V8's helper threads to sweep in a
 * 10⁶-episode replay; a replay worker's task took ~0.7 µs less CPU an episode without them.
 */
export class ScoreColumns {
  private store = new Int32Array(0);
  private width = 0;

  /** Room for `count` columns of T steps (what was viewed before is then stale). */
  fit(count: number, T: number): void {
    if (T <= this.width && count * this.width <= this.store.length) return;
    this.width = Math.max(T, 2 * this.width, 32);
    this.store = new Int32Array(count * this.width);
  }

  /** Column k's first T steps. */
  view(k: number, T: number): Int32Array {
    return this.store.subarray(k * this.width, k * this.width + T);
  }
}
