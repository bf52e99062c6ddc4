import type { Episode } from '@carb/episodes';
import type { EpisodeFindings } from './types.ts';
import { wilsonInterval } from '@carb/io';

/** Per-agent near-miss figures (the `--json` row of `carb nearmiss`). */
export interface AgentSummary {
  agent: string;
  trajectories: number;
  /** Trajectories with at least one executed mutating call. */
  withMutation: number;
  /** Of those, with a correct final state (outcome.taskCompleted: tau2 db_match). */
  correct: number;
  /** Of those, with at least one latent failure: the near-misses. */
  nearMissCorrect: number;
  /** Trajectories with a mutating call and an incorrect final state, and those of them flagged. */
  incorrect: number;
  flaggedIncorrect: number;
  rateCorrect: number | null;
  rateIncorrect: number | null;
  ciCorrect: { low: number; high: number } | null;
  ciIncorrect: { low: number; high: number } | null;
}

/** The Wilson 95% interval as nearmiss.json shows it: null beside a rate that is null (no trials). */
function shownInterval(k: number, n: number): { low: number; high: number } | null {
  if (n === 0) return null;
  const [low, high] = wilsonInterval(k, n);
  return { low, high };
}

/** The agent an episode is counted under: its model, or "unknown" when the log names none. */
export const agentOf = (ep: Episode): string => ep.source.model ?? 'unknown';

/**
 * Per-agent counts and near-miss rates (near-miss.md: latent failures among trajectories
 * with mutating calls whose final state is correct), with Wilson 95% intervals; agents sorted.
 */
export function agentSummaries(episodes: readonly Episode[], findings: readonly EpisodeFindings[]): AgentSummary[] {
  const by = new Map<string, AgentSummary>();
  episodes.forEach((ep, i) => {
    const agent = agentOf(ep);
    let s = by.get(agent);
    if (s === undefined) {
      s = {
        agent,
        trajectories: 0,
        withMutation: 0,
        correct: 0,
        nearMissCorrect: 0,
        incorrect: 0,
        flaggedIncorrect: 0,
        rateCorrect: null,
        rateIncorrect: null,
        ciCorrect: null,
        ciIncorrect: null,
      };
      by.set(agent, s);
    }
    const f = findings[i]!;
    s.trajectories++;
    if (f.mutatingSteps.length === 0) return;
    s.withMutation++;
    const flagged = f.failures.length > 0 ? 1 : 0;
    if (ep.outcome.taskCompleted) {
      s.correct++;
      s.nearMissCorrect += flagged;
    } else {
      s.incorrect++;
      s.flaggedIncorrect += flagged;
    }
  });
  const out = [...by.values()].sort((a, b) => (a.agent < b.agent ? -1 : a.agent > b.agent ? 1 : 0));
  for (const s of out) {
    s.rateCorrect = s.correct === 0 ? null : s.nearMissCorrect / s.correct;
    s.rateIncorrect = s.incorrect === 0 ? null : s.flaggedIncorrect / s.incorrect;
    s.ciCorrect = shownInterval(s.nearMissCorrect, s.correct);
    s.ciIncorrect = shownInterval(s.flaggedIncorrect, s.incorrect);
  }
  return out;
}
