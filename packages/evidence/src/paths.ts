import type { PrefixGraph } from './types.ts';

// One sink predicate for graph, selector, scorer and ledger; re-exported here for the selector and scorer.
export { isSink } from '@carb/pipeline';

/** Membership mask of node p and all its ancestors. */
export function ancestorMask(graph: PrefixGraph, p: number): Uint8Array {
  return markAncestors(graph, p, new Uint8Array(graph.size));
}

/** Sets inAnc[v] = 1 for p and its ancestors; inAnc[0..p] must be 0 on entry. Returns inAnc. */
export function markAncestors(graph: PrefixGraph, p: number, inAnc: Uint8Array): Uint8Array {
  inAnc[p] = 1;
  // edges point forward, so one descending sweep closes the ancestor set
  for (let v = p; v >= 0; v--) {
    if (inAnc[v] === 0) continue;
    for (const u of graph.parents(v)) inAnc[u] = 1;
  }
  return inAnc;
}

/**
 * Among the nodes with `allowed[v] = 1` (a set closed under the paths considered), marks
 * those reachable from a private-source node other than `p` by edges inside the set.
 * Node p itself is marked when such a path reaches it.
 */
export function reachFromSources(graph: PrefixGraph, allowed: Uint8Array, p: number): Uint8Array {
  const reach = new Uint8Array(graph.size);
  for (let v = 0; v <= p; v++) {
    if (allowed[v] === 0) continue;
    if (v !== p && graph.marks(v).privateSource) {
      reach[v] = 1;
      continue;
    }
    for (const u of graph.parents(v)) {
      if (allowed[u] === 1 && reach[u] === 1) {
        reach[v] = 1;
        break;
      }
    }
  }
  return reach;
}
