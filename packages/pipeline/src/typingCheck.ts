import { typingConflicts } from './typingConflicts.ts';
import { toolTypes } from './toolTypes.ts';
import type { ToolUse } from './typingSkeleton.ts';
import type { ToolType, ToolTyping } from './types.ts';

/** What `carb tools check` finds; every list sorted by tool name. */
export interface TypingCheck {
  /** Tools the corpus calls that the typing does not list, with their call counts. */
  untyped: Array<{ tool: string; calls: number }>;
  /** Tools the typing lists that the corpus never calls. */
  unused: string[];
  /** Entries whose types contradict each other, with the reasons. */
  contradictory: Array<{ tool: string; types: ToolType[]; reasons: string[] }>;
  /** Tools whose review note is still marked for review. */
  unreviewed: string[];
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Checks a tool typing against the tools a corpus uses. `pending` lists the tools whose
 * review note (`review` of the typing file) still says `review: true`.
 */
export function checkTyping(typing: ToolTyping, uses: ReadonlyMap<string, ToolUse>, pending: readonly string[]): TypingCheck {
  const typed = Object.keys(typing).sort(byName);
  const contradictory: TypingCheck['contradictory'] = [];
  for (const tool of typed) {
    const types = toolTypes(typing, tool);
    const reasons = typingConflicts(types);
    if (reasons.length > 0) contradictory.push({ tool, types: [...types], reasons });
  }
  return {
    untyped: [...uses.keys()]
      .filter((t) => !Object.hasOwn(typing, t))
      .sort(byName)
      .map((tool) => ({ tool, calls: uses.get(tool)!.calls })),
    unused: typed.filter((t) => !uses.has(t)),
    contradictory,
    unreviewed: [...pending].sort(byName),
  };
}
