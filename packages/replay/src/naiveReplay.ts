import type { Episode } from '@carb/episodes';
import { ledgerTrace } from '@carb/ledger';
import { gridSize, gridValue, type Pipeline } from '@carb/pipeline';
import type { OutcomeTable } from './outcome.ts';
import { allocateOutcomeTable, fillEpisodeRows } from './outcomeTable.ts';
import type { ScorePerturbation } from './scoreEpisode.ts';
import { createScoringSession } from './session.ts';

/**
 * Algorithm 1 line by line, kept as the reference and the benchmark baseline: for each
 * λ and each episode, rebuild the context from the executed prefix P at every step.
 */
export function naiveReplay(episodes: readonly Episode[], pipeline: Pipeline, method?: string, perturbScore?: ScorePerturbation): OutcomeTable {
  const table = allocateOutcomeTable(method ?? pipeline.selector.kind, pipeline.grid, episodes);
  const G = gridSize(pipeline.grid);
  const lengths = episodes.map(() => new Int32Array(G));
  const contextSizes = episodes.map((e) => new Int32Array(e.steps.length));
  for (let g = 0; g < G; g++) {
    const lambda = gridValue(pipeline.grid, g);
    episodes.forEach((episode, i) => {
      const P: number[] = [];
      for (const proposal of episode.steps) {
        // C_t ← C(P, A_t): a fresh session fed only the executed prefix
        const session = createScoringSession(pipeline, pipeline.selector, episode.id);
        for (const t of P) session.admit(episode.steps[t]!);
        const decision = session.decide(proposal, episode.externalScores?.[proposal.index]);
        const { contextSize } = decision;
        const score = perturbScore ? perturbScore(episode.id, proposal.index, decision.score) : decision.score;
        contextSizes[i]![proposal.index] = contextSize;
        if (score > lambda) break;
        P.push(proposal.index);
      }
      lengths[i]![g] = P.length;
    });
  }
  episodes.forEach((episode, i) => {
    fillEpisodeRows(table, i, episode, lengths[i]!, ledgerTrace(episode, pipeline).firstStep, contextSizes[i]!);
  });
  return table;
}
