import type { ToolTyping } from './types.ts';

/** How many of `steps` call a tool the typing does not list (own properties only, as toolTypes reads it). */
export function untypedCalls(typing: ToolTyping, steps: ReadonlyArray<{ tool: string }>): number {
  let k = 0;
  for (const s of steps) if (!Object.hasOwn(typing, s.tool)) k++;
  return k;
}
