import type { Episode } from '@carb/episodes';
import { ledgerTrace } from '@carb/ledger';
import { exceedsGridValue, gridSize, type Pipeline, type Score } from '@carb/pipeline';
import type { OutcomeTable } from './outcome.ts';
import { allocateOutcomeTable, fillEpisodeRows } from './outcomeTable.ts';
import { perturbedScore, type ScorePerturbation } from './perturb.ts';
import { createScoringSession } from './session.ts';

/**
 * Algorithm 1 literally, kept as the reference and the benchmark baseline. Proposal t
 * can only be reached with the executed prefix 0..t−1, so its context C(P, A_t) and score
 * are computed once, each from a fresh session fed that prefix; then for every λ and
 * every episode the loop runs P ← P ∪ {t} until the first q_t > λ.
 */
export function naiveReplay(
  episodes: readonly Episode[],
  pipeline: Pipeline,
  method?: string,
  perturbScore?: ScorePerturbation,
): OutcomeTable {
  const table = allocateOutcomeTable(method ?? pipeline.selector.kind, pipeline.grid, episodes);
  const G = gridSize(pipeline.grid);
  episodes.forEach((episode, i) => {
    const scores: Score[] = [];
    const contextSizes = new Int32Array(episode.steps.length);
    for (const proposal of episode.steps) {
      const session = createScoringSession(pipeline, pipeline.selector, episode.id);
      for (let t = 0; t < proposal.index; t++) session.admit(episode.steps[t]!);
      const decision = session.decide(proposal, episode.externalScores?.[proposal.index]);
      scores.push(perturbedScore(decision.score, episode.id, proposal.index, perturbScore));
      contextSizes[proposal.index] = decision.contextSize;
    }
    const lengths = new Int32Array(G);
    for (let g = 0; g < G; g++) {
      const P: number[] = [];
      for (const proposal of episode.steps) {
        if (exceedsGridValue(pipeline.grid, scores[proposal.index]!, g)) break;
        P.push(proposal.index);
      }
      lengths[g] = P.length;
    }
    fillEpisodeRows(table, i, episode, lengths, ledgerTrace(episode, pipeline).firstStep, contextSizes);
  });
  return table;
}
