import type { Episode, JsonObject, JsonValue } from '@carb/episodes';
import { createHash } from 'node:crypto';
import { canonicalJson, shownContent } from '@carb/io';
import { tau2CallLocations, type CallLocation } from './nearmissLocate.ts';
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
  failures: (Omit<LatentFailure, 'episode' | 'agent'> & FailureExtras)[];
}

/** Where the flagged call is in the log, and which forEach value it is about. */
interface FailureExtras {
  /** tau2: index of the assistant message holding the call in `messages`, and its `turn_idx` (null otherwise). */
  message: number | null;
  turn: number | null;
  /**
   * First 12 hex digits of the SHA-256 of the item's canonical JSON: tells apart the rows of one
   * call for different flights when values are redacted, and is the same in every report. Short
   * values (flight numbers, dates) can be recovered from it by trying them: it hides nothing
   * from someone who knows the domain's values.
   */
  itemHash: string | null;
}

const itemHash = (item: JsonValue | null): string | null =>
  item === null ? null : createHash('sha256').update(canonicalJson(item)).digest('hex').slice(0, 12);

const bench = (ep: Episode, k: string): JsonValue => (ep.benchmark !== null && Object.hasOwn(ep.benchmark, k) ? ep.benchmark[k]! : null);

/**
 * The flagged trajectories, in reading order, with the evidence of each latent failure. Without
 * `includeContent` the evidence keeps tool names, step indices, argument names and the missing
 * check, and every argument value (of the mutating call, the forEach item, the calls needed)
 * becomes a marker.
 */
export function flaggedTrajectories(
  episodes: readonly Episode[],
  findings: readonly EpisodeFindings[],
  includeContent: boolean,
): FlaggedTrajectory[] {
  const out: FlaggedTrajectory[] = [];
  const located = new Map<string, Map<string, CallLocation[]>>();
  const locationOf = (ep: Episode, step: number): CallLocation | undefined => {
    const sim = bench(ep, 'simulation_id');
    if (ep.source.format !== 'tau2' || ep.source.file === null || typeof sim !== 'string') return undefined;
    let byFile = located.get(ep.source.file);
    if (byFile === undefined) located.set(ep.source.file, (byFile = tau2CallLocations(ep.source.file)));
    return byFile.get(sim)?.[step];
  };
  episodes.forEach((ep, i) => {
    const f = findings[i]!;
    if (f.failures.length === 0) return;
    out.push({
      episode: ep.id,
      agent: agentOf(ep),
      file: ep.source.file,
      task: ep.source.userTask,
      simulation: bench(ep, 'simulation_id'),
      correct: ep.outcome.taskCompleted,
      reward: bench(ep, 'reward'),
      termination: bench(ep, 'termination_reason'),
      failures: f.failures
        .map(({ episode: _e, agent: _a, ...failure }) => {
          const at = locationOf(ep, failure.step);
          return { ...failure, message: at?.message ?? null, turn: at?.turn ?? null, itemHash: itemHash(failure.item) };
        })
        .map((rest) =>
          includeContent
            ? rest
            : {
                ...rest,
                args: shownContent<JsonObject>(rest.args, false),
                item: shownContent<JsonValue>(rest.item, false),
                needed: rest.needed.map((n) => ({
                  ...n,
                  args: shownContent<JsonObject>(n.args, false),
                  ...(n.resultHas ? { resultHas: shownContent(n.resultHas, false) } : {}),
                })),
              },
        ),
    });
  });
  return out;
}
