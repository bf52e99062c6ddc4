import type { ToolType } from './types.ts';

const HARMFUL: readonly ToolType[] = ['private_source', 'external_sink', 'financial', 'irreversible', 'message_social'];

/**
 * Why a set of types contradicts itself, one reason each ([] when it is consistent).
 * `read` is carb's type for a tool that is none of the five of g-carb App. B.2 (a lookup
 * of non-private data, a local change), so it excludes all of them; and a financial tool
 * must also be external_sink, since the experiments' sink type includes financial sinks
 * (App. B.2) and the scorer weights the two separately (App. B.3, Table 1). Any other
 * combination is allowed: private_source with external_sink is a tool that reads private
 * records and sends them on (a forward), scored as both.
 */
export function typingConflicts(types: readonly ToolType[]): string[] {
  const out: string[] = [];
  const others = HARMFUL.filter((t) => types.includes(t));
  if (types.includes('read') && others.length > 0) out.push(`read together with ${others.join(', ')} (read means none of the other types)`);
  if (types.includes('financial') && !types.includes('external_sink'))
    out.push('financial without external_sink (every financial tool is an external sink, g-carb App. B.2)');
  return out;
}
