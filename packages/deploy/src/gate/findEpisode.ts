import type { Episode } from '@carb/episodes';
import { closestName } from '@carb/io';
import { UsageError } from '@carb/io';

const SUGGESTIONS = 3;

/** The episode with this id; otherwise one line naming the closest ids (or a few ids when none is close). */
export function findEpisode(episodes: readonly Episode[], id: string, where: string): Episode {
  const hit = episodes.find((e) => e.id === id);
  if (hit !== undefined) return hit;
  const pool = episodes.map((e) => e.id);
  const near: string[] = [];
  for (let k = 0; k < SUGGESTIONS; k++) {
    const c = closestName(
      id,
      pool.filter((p) => !near.includes(p)),
    );
    if (c === null) break;
    near.push(c);
  }
  const hint =
    near.length > 0 ? `closest: ${near.join(', ')}` : `none is close; the first ids are ${pool.slice(0, SUGGESTIONS).join(', ')}`;
  throw new UsageError(`--episode: expected an episode id of ${where} (${episodes.length} episodes), found ${id}; ${hint}`);
}
