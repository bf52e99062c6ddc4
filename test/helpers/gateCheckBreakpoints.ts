import type { Episode } from '@carb/episodes';
import { scoreEpisode } from '@carb/replay';
import type { ResolvedGate } from '@carb/deploy';
import { allGridIndices, runCheck } from '@carb/deploy';

/**
 * `carb gate --check` per episode at both sides of each of its decision breakpoints, λ⊥ and
 * λ = 1: between two consecutive breakpoints none of the episode's decisions changes, so these
 * thresholds cover each of its distinct behaviours at a fraction of the 102.
 */
export function checkAtBreakpoints(episodes: readonly Episode[], resolved: ResolvedGate): { proposals: number; disagreements: string[] } {
  const G = allGridIndices(resolved).length;
  let proposals = 0;
  const disagreements: string[] = [];
  for (const ep of episodes) {
    const indices = new Set([0, G - 1]);
    for (const a of scoreEpisode(ep, resolved.pipeline, resolved.pipeline.selector).allowFrom)
      for (const g of [a - 1, a]) if (g >= 0 && g < G) indices.add(g);
    const r = runCheck([ep], resolved, [...indices]);
    proposals += r.proposals;
    disagreements.push(...r.disagreements);
  }
  return { proposals, disagreements };
}
