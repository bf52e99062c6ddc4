/** Adds an episode's logged tool calls to `into` (tool → calls). */
export function countTools(episode: { steps: ReadonlyArray<{ tool: string }> }, into: Map<string, number>): Map<string, number> {
  for (const s of episode.steps) into.set(s.tool, (into.get(s.tool) ?? 0) + 1);
  return into;
}

/** tool → calls as a plain object with sorted keys (fingerprint.json). */
export function sortedCounts(counts: ReadonlyMap<string, number>): Record<string, number> {
  return Object.fromEntries([...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
