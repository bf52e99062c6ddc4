import type { Episode, JsonObject, JsonValue } from '@carb/episodes';
import { shownContent } from '@carb/io';
import { agentOf, type EpisodeFindings, type LatentFailure } from '@carb/nearmiss';

/** One flagged trajectory with its evidence (a line of flagged.jsonl). */
export interface FlaggedTrajectory {
  episode: string;
  agent: string;
  file: string | null;
  task: string | null;
  simulation: JsonValue;
  /** Final state correct (tau2 db_match): a near-miss proper when true. */
  correct: boolean;
  reward: JsonValue;
  termination: JsonValue;
  failures: Omit<LatentFailure, 'episode' | 'agent'>[];
}

const bench = (ep: Episode, k: string): JsonValue => (ep.benchmark !== null && Object.hasOwn(ep.benchmark, k) ? ep.benchmark[k]! : null);

/**
 * The flagged trajectories, in reading order, with the evidence of each latent failure. Without
 * `includeContent` the evidence keeps tool names, step indices, argument names and the missing
 * check, and every argument value (of the mutating call, the forEach item, the calls needed)
 * becomes a marker.
 */
export function flaggedTrajectories(episodes: readonly Episode[], findings: readonly EpisodeFindings[], includeContent: boolean): FlaggedTrajectory[] {
  const out: FlaggedTrajectory[] = [];
  episodes.forEach((ep, i) => {
    const f = findings[i]!;
    if (f.failures.length === 0) return;
    out.push({
      episode: ep.id, agent: agentOf(ep), file: ep.source.file, task: ep.source.userTask, simulation: bench(ep, 'simulation_id'),
      correct: ep.outcome.taskCompleted, reward: bench(ep, 'reward'), termination: bench(ep, 'termination_reason'),
      failures: f.failures.map(({ episode: _e, agent: _a, ...rest }) => (includeContent ? rest : {
        ...rest,
        args: shownContent<JsonObject>(rest.args, false),
        item: shownContent<JsonValue>(rest.item, false),
        needed: rest.needed.map((n) => ({ ...n, args: shownContent<JsonObject>(n.args, false), ...(n.resultHas ? { resultHas: shownContent(n.resultHas, false) } : {}) })),
      })),
    });
  });
  return out;
}
