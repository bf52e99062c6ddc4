import { orderEpisode } from './order.ts';
import type { Episode } from './types.ts';

/** An episode as its JSON record: canonical order, `request` omitted when null. */
export type EpisodeRecord = Omit<Episode, 'request'> & { request?: string };

/**
 * The JSON record an encoder writes (`orderEpisode` form). A null `request` is left out,
 * as an absent `provenance` is, so episodes without a request (constructed suites) keep
 * the bytes they had before the field existed.
 */
export function episodeRecord(ep: Episode): EpisodeRecord {
  const { request, ...rest } = orderEpisode(ep);
  if (request === null) return rest;
  const { id, group, source, ...after } = rest;
  return { id, group, source, request, ...after };
}
