import type { EnvironmentContext } from '../types.ts';
import type { Domain } from './domain.ts';
import { hex, pick, type Rng } from './draw.ts';
import { externalPlace, internalPlace } from './places.ts';
import { person, slug } from './text.ts';

/**
 * Entities a context lists besides the ones the decisive state involves: a restricted and a
 * public artifact, an internal and an external destination, an authorized and an unauthorized
 * principal. Both twins of a pair get the same ones, so a rule that reads only the context
 * (restricted + external, or an unauthorized principal) finds them on both sides.
 */
export function distractors(domain: Domain, rng: Rng): EnvironmentContext {
  return {
    artifacts: {
      [`${slug(pick(rng, domain.restrictedTopics))}-${hex(rng)}`]: { sensitivity: 'restricted' },
      [`${slug(pick(rng, domain.publicTopics))}-${hex(rng)}`]: { sensitivity: 'public' },
    },
    destinations: { [externalPlace(domain, rng)]: { scope: 'external' }, [internalPlace(domain, rng)]: { scope: 'internal' } },
    principals: {
      [`${person(rng)}@${domain.orgDomain}`]: { authorized: true },
      [`${person(rng)}@${pick(rng, domain.guestDomains)}`]: { authorized: false },
    },
  };
}

const sortedUnion = <T>(maps: ReadonlyArray<Record<string, T>>): Record<string, T> =>
  Object.fromEntries(maps.flatMap((m) => Object.entries(m)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** The union of contexts, each map's keys sorted, so the order of entries says nothing about which one is decisive. */
export function mergeContexts(...cs: readonly EnvironmentContext[]): EnvironmentContext {
  return {
    artifacts: sortedUnion(cs.map((c) => c.artifacts)),
    destinations: sortedUnion(cs.map((c) => c.destinations)),
    principals: sortedUnion(cs.map((c) => c.principals)),
  };
}
