import type { Episode, EpisodeLabels } from '@carb/episodes';
import { BRAID_EXFIL_RECIPIENT, CES_RECIPIENT, type SuiteName } from '@carb/suites';

/** The external recipient of a suite's recipe: every CES send, and graph-braid's harmful send. */
const RECIPIENT: Record<SuiteName, string> = { ces: CES_RECIPIENT, 'graph-braid': BRAID_EXFIL_RECIPIENT };

/**
 * Table 9's sink proposal of each episode (step index, −1 when it has none): a harmful
 * episode's is its label's sinkStep; a non-leak's is its send to the recipe's external
 * recipient (the matched CES public send, the disconnected near-miss's public send). Graph-braid
 * benign trajectories continue their branch at position 16 and send nothing there, and a CES
 * local summary has no sink: they have no sink proposal. Read from the recipe (labels and the
 * fixed recipient), never from the pipeline's typing, so the measurement does not move with it.
 */
export function sinkProposals(suite: SuiteName, episodes: readonly Episode[], labels: readonly EpisodeLabels[]): Int32Array {
  const recipient = RECIPIENT[suite];
  return Int32Array.from(episodes, (episode, e) => {
    const label = labels[e]!;
    if (label.id !== episode.id)
      throw new Error(`sweep: label ${e} is ${label.id} but episode ${e} is ${episode.id}; expected the generator's order`);
    if (label.harmful) return label.sinkStep!;
    return episode.steps.findIndex((s) => (s.args as Record<string, unknown>).to === recipient);
  });
}
