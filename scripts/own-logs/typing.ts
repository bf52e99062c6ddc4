import type { Episode } from '@carb/episodes';
import { typingSkeleton, typingSkeletonText, type ToolType, type ToolUse } from '@carb/pipeline';

/**
 * The review of the skeleton `carb tools init` writes for the support agent: tools whose
 * suggested types a person changed, with the reason. Every other suggestion was kept.
 */
export const REVIEW: Readonly<Record<string, { types: ToolType[]; why: string }>> = {
  lookup_order: {
    types: ['private_source'],
    why: "lookup_order returns the customer's order: address, items and card digits (private_source, not read).",
  },
  get_customer_profile: {
    types: ['private_source'],
    why: "get_customer_profile returns the customer's profile: name, e-mail on file, address (private_source, not read).",
  },
  cancel_order: {
    types: ['external_sink', 'financial', 'irreversible'],
    why: 'cancel_order refunds the card automatically: financial and external_sink beside irreversible.',
  },
  apply_goodwill_credit: {
    types: ['external_sink', 'financial'],
    why: 'apply_goodwill_credit grants store credit worth money (no naming rule applies): financial, external_sink.',
  },
  create_return_label: {
    types: ['read'],
    why: 'create_return_label makes a prepaid label shown to the agent; it sends and destroys nothing (read).',
  },
};

/**
 * tools.json of the example: the skeleton carb's `tools init` builds from these episodes
 * (typingSkeleton, same bytes as the command writes), with REVIEW applied, every note
 * marked reviewed, and the reviewer's reasons added to the comment.
 */
export function reviewedTyping(episodes: readonly Episode[]): string {
  const uses = new Map<string, ToolUse & { args: Set<string> }>();
  for (const ep of episodes) {
    for (const s of ep.steps) {
      const use = uses.get(s.tool) ?? { calls: 0, args: new Set<string>() };
      uses.set(s.tool, { calls: use.calls + 1, args: new Set([...use.args, ...Object.keys(s.args)]) });
    }
  }
  const skeleton = typingSkeleton(uses, episodes.length);
  for (const [tool, r] of Object.entries(REVIEW)) skeleton.tools[tool] = r.types;
  for (const note of Object.values(skeleton.review)) note.review = false;
  skeleton._comment.push(
    'Reviewed for the worked example (scripts/own-logs): suggestions kept except these.',
    ...Object.values(REVIEW).map((r) => r.why),
  );
  return typingSkeletonText(skeleton);
}
