import { explainJson, explainText, type DeployedGate, type ResolvedGate } from '@carb/deploy';
import type { Episode } from '@carb/episodes';
import { explainEpisode, explanationShown } from '@carb/replay';

/** explain's result: `carb explain`'s text and its `--json` model. */
export interface Explanation {
  /** `carb explain`'s text (a header with the gate and its stop, one block per proposal). */
  text: string;
  /** `carb explain --json`'s object: per step the score, λ it is allowed from, features, context, ledger. */
  json: unknown;
}

/**
 * Explains a gate on one logged episode by offline replay (not by running the gate): per step
 * the score, fired features, selected context and its edges, ledger events, and the stop, as
 * `carb explain` prints them. `includeContent` keeps argument values and ledger evidence
 * (left out by default, as the CLI does).
 */
export function explain(episode: Episode, gate: DeployedGate | ResolvedGate, options: { includeContent?: boolean } = {}): Explanation {
  const resolved = 'resolved' in gate ? gate.resolved : gate;
  const x = explanationShown(explainEpisode(episode, resolved.pipeline, resolved.threshold), options.includeContent ?? false);
  return { text: explainText(x, resolved, episode.steps.length), json: explainJson(x, resolved) };
}
