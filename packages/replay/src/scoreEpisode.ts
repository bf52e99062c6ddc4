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
 * Per-step columns that scoreEpisodeFused writes, in one store that grows as needed: an episode's
 * columns go after those kept before them (`keep`), otherwise they take the place of the last
 * episode's, so a replay reads every episode's scores where they were written (FusedReplayRows).
 * Made fresh, they were two Int32Arrays per episode and selector, past 64 bytes from 17 steps on and
 * so allocated outside V8's heap (~1.1 µs each made and dropped in a loop, against ~25 ns on it),
 * 2·10⁶ buffers for V8's helper threads to sweep in a 10⁶-episode replay; a replay worker's task
 * took ~0.7 µs less CPU an episode without them.
 */
export class ScoreColumns {
  private store = new Int32Array(256);
  /** Values kept: the next columns start here. */
  private kept = 0;
  /** Values of the columns last fitted (what keep() keeps). */
  private fitted = 0;

  /** Room for `count` columns of T steps after those kept (what was viewed and not kept is then stale). */
  fit(count: number, T: number): void {
    this.fitted = count * T;
    const need = this.kept + this.fitted;
    if (need <= this.store.length) return;
    const grown = new Int32Array(Math.max(need, 2 * this.store.length));
    grown.set(this.store.subarray(0, this.kept));
    this.store = grown;
  }

  /** Column k of those last fitted, T steps. */
  view(k: number, T: number): Int32Array {
    return this.store.subarray(this.kept + k * T, this.kept + (k + 1) * T);
  }

  /** Keeps the columns last fitted (scoreEpisodeFused's for one episode): later ones go after them. */
  keep(): void {
    this.kept += this.fitted;
    this.fitted = 0;
  }

  /** `length` kept values from `at` (a view, valid until the next fit). */
  read(at: number, length: number): Int32Array {
    return this.store.subarray(at, at + length);
  }
}
