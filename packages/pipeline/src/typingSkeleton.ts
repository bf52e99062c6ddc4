import { suggestToolTypes } from './typeSuggestion.ts';
import type { ToolType } from './types.ts';

/** How a corpus uses one tool: its call count and the argument names seen in any call. */
export interface ToolUse {
  calls: number;
  args: ReadonlySet<string>;
}

/** A review note of a typing file (`review` in configs/schema/tool-typing.schema.json). */
export interface TypingReviewNote {
  calls: number;
  args: string[];
  suggested: ToolType[];
  why: string;
  review: boolean;
}

/** A tool-typing file as `carb tools init` writes it. */
export interface TypingSkeleton {
  _comment: string[];
  tools: Record<string, ToolType[]>;
  review: Record<string, TypingReviewNote>;
}

// Code-unit order, as canonicalJson sorts keys: the same on every machine and locale.
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The typing skeleton of the tools a corpus uses: every tool typed as its name (and its
 * argument names) suggest ([] when no rule applies) with a review note holding its call count, argument names,
 * the suggestion and its reason, marked for review. Tools and argument names are sorted,
 * so the same uses give the same file. `episodes` is the number of episodes read.
 */
export function typingSkeleton(uses: ReadonlyMap<string, ToolUse>, episodes: number): TypingSkeleton {
  const names = [...uses.keys()].sort(byName);
  const tools: Record<string, ToolType[]> = {};
  const review: Record<string, TypingReviewNote> = {};
  let calls = 0;
  let suggested = 0;
  for (const name of names) {
    const use = uses.get(name)!;
    const s = suggestToolTypes(name, use.args);
    calls += use.calls;
    if (s.types.length > 0) suggested++;
    // defineProperty: a tool named __proto__ is an entry, not the object's prototype
    const define = <T>(o: Record<string, T>, value: T) =>
      Object.defineProperty(o, name, { value, enumerable: true, writable: true, configurable: true });
    define(tools, [...s.types]);
    define(review, { calls: use.calls, args: [...use.args].sort(byName), suggested: [...s.types], why: s.why, review: true });
  }
  return {
    _comment: [
      `Written by carb tools init: ${names.length} tools called ${calls} times in ${episodes} episodes; ${suggested} with a suggested type, ${names.length - suggested} left [] (unknown).`,
      'Every type here is a guess from the tool name. For each tool: check `tools` against what the tool really does (README, "Tool typing for your own tools"), then set its review note to false or delete it.',
      'Review notes do not change the pipeline hash (only `tools` is loaded). `carb tools check <this file> <corpus>` lists untyped, unused, contradictory and unreviewed entries.',
    ],
    tools,
    review,
  };
}
