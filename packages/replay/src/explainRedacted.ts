import type { JsonObject } from '@carb/episodes';
import { shownContent } from '@carb/io';
import type { LedgerEvent } from '@carb/ledger';
import type { EpisodeExplanation } from './explainEpisode.ts';

// What an event says about the episode without quoting it: where, which category, by which rule.
const EVENT_KEPT: ReadonlySet<string> = new Set(['step', 'category', 'rule', 'seenAt']);

/**
 * The explanation as `carb explain` shows it: without --include-content, argument values and
 * the ledger events' evidence and payload become markers; tool names, argument names, step
 * indices, scores, features, context and edge relations stay.
 */
export function explanationShown(x: EpisodeExplanation, includeContent: boolean): EpisodeExplanation {
  if (includeContent) return x;
  const events = (list: readonly LedgerEvent[]) => list.map((e) => shownContent(e, false, EVENT_KEPT));
  return {
    ...x,
    steps: x.steps.map((s) => ({ ...s, args: shownContent<JsonObject>(s.args, false), ledger: events(s.ledger) })),
    prevented: events(x.prevented),
  };
}
