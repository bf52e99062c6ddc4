import type { IncomingEdges } from './edgeMasks.ts';
import type { EdgeFilter } from './types.ts';

/** The edges into node `to` that `keep` keeps; the same object when it keeps them all. */
export function keptEdges(edges: IncomingEdges, keep: EdgeFilter, to: number): IncomingEdges {
  const { parents, relations } = edges;
  let k = 0;
  while (k < parents.length && keep(parents[k]!, to)) k++;
  if (k === parents.length) return edges;
  const kept: IncomingEdges = { parents: parents.slice(0, k), relations: relations.slice(0, k) };
  for (k++; k < parents.length; k++) {
    if (keep(parents[k]!, to)) {
      kept.parents.push(parents[k]!);
      kept.relations.push(relations[k]!);
    }
  }
  return kept;
}
