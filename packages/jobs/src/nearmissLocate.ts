import { readFileSync } from 'node:fs';
import { stripBom } from '@carb/io';

/** Where a step's call is in the log: tau2's message index within the simulation and its `turn_idx`. */
export interface CallLocation {
  message: number;
  turn: number | null;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Per simulation id of a tau2 Results file, the location of each agent tool call in order: the
 * episode's step k is the k-th (the adapter makes one step per agent call, user-side calls
 * left out). The canonical episode keeps no message positions, so a reviewer's "step 7" is
 * mapped back to the log here. An unreadable file gives an empty map (its steps stay unlocated).
 */
export function tau2CallLocations(file: string): Map<string, CallLocation[]> {
  const out = new Map<string, CallLocation[]>();
  let root: unknown;
  try {
    root = JSON.parse(stripBom(readFileSync(file, 'utf8')));
  } catch {
    return out;
  }
  if (!isObj(root) || !Array.isArray(root.simulations)) return out;
  for (const sim of root.simulations) {
    if (!isObj(sim) || typeof sim.id !== 'string' || !Array.isArray(sim.messages)) continue;
    const calls: CallLocation[] = [];
    sim.messages.forEach((m, i) => {
      if (!isObj(m) || m.role !== 'assistant' || !Array.isArray(m.tool_calls)) return;
      const turn = typeof m.turn_idx === 'number' ? m.turn_idx : null;
      for (let j = 0; j < m.tool_calls.length; j++) calls.push({ message: i, turn });
    });
    out.set(sim.id, calls);
  }
  return out;
}
