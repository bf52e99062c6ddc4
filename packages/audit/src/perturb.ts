import { createPrefixGraph } from '@carb/evidence';
import type { Pipeline } from '@carb/pipeline';
import type { Rng } from '@carb/io';
import type { AuditItem } from './types.ts';

const NEUTRAL = { tool: 'get_current_day', args: {}, result: '2026-05-13', error: null, ok: true } as const;

/**
 * A state-preserving path perturbation (App. B.2, fourth condition): swaps one pair of adjacent
 * prefix steps the evidence graph shows as independent (no edge between them, so neither feeds
 * or names the other's objects), inserts one neutral step, and rewords the intent and result
 * titles. The policy-relevant state is unchanged, so a state-dependent label must not move.
 */
export function perturbPrefix(item: AuditItem, rng: Rng, pipeline: Pipeline): AuditItem {
  const steps = [...item.committed_prefix];
  const graph = createPrefixGraph(pipeline);
  for (const s of steps) graph.commit(s);
  const swappable = steps
    .slice(1)
    .map((_, j) => j)
    .filter((j) => !graph.parents(j + 1).includes(j));
  if (swappable.length > 0) {
    const j = swappable[Math.floor(rng() * swappable.length)]!;
    [steps[j], steps[j + 1]] = [steps[j + 1]!, steps[j]!];
  }
  steps.splice(Math.floor(rng() * (steps.length + 1)), 0, { index: 0, ...NEUTRAL, args: {} });
  const reworded = steps.map((s, index) => ({ ...s, index, result: s.result.replace(/^title: /m, 'document: ') }));
  return { ...item, intent: `Please handle this: ${item.intent}`, committed_prefix: reworded };
}
