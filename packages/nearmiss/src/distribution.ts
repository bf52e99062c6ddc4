import { nameRecord } from '@carb/io';
import type { Episode } from '@carb/episodes';
import { agentOf } from './agentSummary.ts';
import type { EpisodeFindings } from './types.ts';

/** Counts by agent, then by tool name (Figure 4's bars). */
export type Distribution = Record<string, Record<string, number>>;

function add(d: Distribution, agent: string, key: string): void {
  const row = (d[agent] ??= nameRecord<number>());
  row[key] = (row[key] ?? 0) + 1;
}

/**
 * Figure 4's two distributions over the episodes `keep` selects: flagged mutating calls
 * by mutating tool, and by read-only tool skipped (each skipped tool counted once per
 * mutating call, however many flights it was skipped for).
 */
export function distributions(
  episodes: readonly Episode[],
  findings: readonly EpisodeFindings[],
  keep: (ep: Episode) => boolean,
): { byMutatingTool: Distribution; bySkippedTool: Distribution } {
  // agents and tools are the log's names: an agent `__proto__` wrote counts onto Object.prototype
  const byMutatingTool: Distribution = nameRecord();
  const bySkippedTool: Distribution = nameRecord();
  episodes.forEach((ep, i) => {
    if (!keep(ep)) return;
    const agent = agentOf(ep);
    const calls = new Map<number, { tool: string; skipped: Set<string> }>();
    for (const f of findings[i]!.failures) {
      const c = calls.get(f.step) ?? { tool: f.tool, skipped: new Set<string>() };
      c.skipped.add(f.needed[0]!.tool);
      calls.set(f.step, c);
    }
    for (const c of calls.values()) {
      add(byMutatingTool, agent, c.tool);
      for (const t of c.skipped) add(bySkippedTool, agent, t);
    }
  });
  return { byMutatingTool, bySkippedTool };
}
