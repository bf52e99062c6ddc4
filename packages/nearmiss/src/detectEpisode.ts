import type { Episode } from '@carb/episodes';
import { checkCall } from './checkCall.ts';
import { staleReads } from './staleReads.ts';
import type { EpisodeFindings, GuardSpec, LatentFailure, PolicyReading } from './types.ts';

/**
 * Near-miss detection on one episode (near-miss.md, Figure 3): at every executed
 * (successful) mutating call, simulates its guard's checks against the history before
 * the call; each check with no matching read-only call (or equivalent) is a latent failure.
 * A read of a record mutated since (spec `records`) is stale and checks nothing.
 */
export function detectEpisode(ep: Episode, spec: GuardSpec, reading: PolicyReading = 'literal'): EpisodeFindings {
  const failures: LatentFailure[] = [];
  const mutatingSteps: number[] = [];
  ep.steps.forEach((step, i) => {
    const checks = spec.guards.get(step.tool);
    if (!step.ok || checks === undefined) return;
    mutatingSteps.push(step.index);
    const history = ep.steps.slice(0, i);
    const stale = staleReads(history, spec.records);
    for (const check of checks) {
      for (const u of checkCall(check, step.args, history, stale, reading)) {
        failures.push({
          episode: ep.id,
          agent: ep.source.model,
          step: step.index,
          tool: step.tool,
          args: step.args,
          check: check.name,
          why: check.why,
          item: u.item,
          needed: u.needed,
          unresolved: u.unresolved,
        });
      }
    }
  });
  return { episode: ep.id, agent: ep.source.model, mutatingSteps, failures };
}
