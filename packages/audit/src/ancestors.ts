import type { PrefixGraph } from '@carb/evidence';

/** Every node with a path into node `i` of the evidence graph (i excluded), ascending. */
export function ancestors(graph: PrefixGraph, i: number): number[] {
  const seen = new Set<number>();
  const stack = [...graph.parents(i)];
  while (stack.length > 0) {
    const j = stack.pop()!;
    if (seen.has(j)) continue;
    seen.add(j);
    stack.push(...graph.parents(j));
  }
  return [...seen].sort((a, b) => a - b);
}
