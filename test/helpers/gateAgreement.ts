import { expect } from 'vitest';
import type { Episode } from '@carb/episodes';
import { ledgerLoss, ledgerTrace } from '@carb/ledger';
import { gridValue, type Pipeline } from '@carb/pipeline';
import { createGate, type OutcomeTable } from '@carb/replay';

/** Grid indices of λ = 0, .25, .5, .58, .99, 1 plus λ⊥ (index 0). */
export const GATE_GRID_INDICES = [0, 1, 26, 51, 59, 100, 101] as const;

/**
 * Proposition 2: the online gate driven through each logged episode at λ_g stops at the
 * offline table's prefix, with the same union ledger loss. Returns the mismatches.
 */
export function gateMismatches(episodes: readonly Episode[], pipeline: Pipeline, table: OutcomeTable): string[] {
  const out: string[] = [];
  episodes.forEach((ep, e) => {
    const trace = ledgerTrace(ep, pipeline);
    for (const g of GATE_GRID_INDICES) {
      const gate = createGate(pipeline, gridValue(pipeline.grid, g), { episodeId: ep.id });
      for (const s of ep.steps) {
        const call = {
          tool: s.tool,
          args: s.args,
          ...(s.provenance ? { provenance: s.provenance } : {}),
          ...(ep.externalScores ? { externalScore: ep.externalScores[s.index]! } : {}),
        };
        if (gate.propose(call) === 'stop') break;
        gate.observe({ result: s.result, error: s.error });
      }
      const r = e * table.G + g;
      const prefix = gate.executed.length;
      const loss = ledgerLoss(trace, prefix, 'union');
      const stop = gate.stopped ? prefix : -1;
      if (prefix !== table.executed[r] || loss !== table.lossUnion[r] || stop !== table.stopStep[r]) {
        out.push(
          `${ep.id} grid ${g}: gate prefix ${prefix} loss ${loss} stop ${stop}, table ${table.executed[r]!} ${table.lossUnion[r]!} ${table.stopStep[r]!}`,
        );
      }
    }
  });
  expect(GATE_GRID_INDICES.map((g) => gridValue(pipeline.grid, g))).toEqual([pipeline.grid.bottom, 0, 0.25, 0.5, 0.58, 0.99, 1]);
  return out;
}
