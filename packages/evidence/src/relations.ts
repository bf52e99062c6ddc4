import type { Relation } from './types.ts';

/** Relation numbers (1–8) set in an edge's bitmask, ascending. */
export function relationsOf(mask: number): Relation[] {
  const out: Relation[] = [];
  for (let r = 1; r <= 8; r++) if ((mask & (1 << (r - 1))) !== 0) out.push(r as Relation);
  return out;
}
