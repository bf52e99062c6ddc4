import type { ToolType, ToolTyping } from './types.ts';

const NO_TYPES: readonly ToolType[] = [];

/**
 * Frozen types of `tool`; [] (unknown) when the typing does not list it. An own-property
 * lookup: a tool named `constructor`, `toString` or `__proto__` is an unknown tool, not a
 * member of Object.prototype.
 */
export function toolTypes(typing: ToolTyping, tool: string): readonly ToolType[] {
  return Object.hasOwn(typing, tool) ? typing[tool]! : NO_TYPES;
}

/** Sink predicate of the experiments (g-carb §4, App. B.2): external sinks, which include financial actions. */
export function isSink(types: readonly ToolType[]): boolean {
  return types.includes('external_sink') || types.includes('financial');
}
