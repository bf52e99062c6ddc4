import type { LedgerConfig } from '@carb/pipeline';
import { goalIdentifiers, injectionGoal } from './goal.ts';
import { squash } from './normalize.ts';
import { needleProbe } from './seen.ts';
import type { GoalIdentifier } from './types.ts';

/** What the ledger derives from one injection text, independently of the episode it is in. */
export interface InjectionFacts {
  /** The text whitespace-normalized (what is searched for in results). */
  readonly needle: string;
  /** needleProbe(needle). */
  readonly probe: string;
  /** The adversarial objective inside the text. */
  readonly goal: string;
  readonly identifiers: readonly GoalIdentifier[];
}

// A corpus repeats a few injection texts over many episodes (AgentDojo: one per injection task and
// attack), so their facts are computed once. Bounded: a corpus of all-distinct texts only loses the reuse.
const MAX_CACHED = 4096;
const caches = new WeakMap<LedgerConfig, Map<string, InjectionFacts>>();

/** Facts of an injection text under a ledger config, memoized (they are pure functions of both). */
export function injectionFacts(text: string, config: LedgerConfig): InjectionFacts {
  let cache = caches.get(config);
  if (cache === undefined) caches.set(config, (cache = new Map<string, InjectionFacts>()));
  let facts = cache.get(text);
  if (facts === undefined) {
    const needle = squash(text);
    const goal = injectionGoal(text);
    facts = { needle, probe: needleProbe(needle), goal, identifiers: goalIdentifiers(goal, config) };
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(text, facts);
  }
  return facts;
}
