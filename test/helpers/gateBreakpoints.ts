import type { Episode } from '@carb/episodes';
import { gridSize, type Pipeline } from '@carb/pipeline';
import { createGate, scoreEpisode, type OutcomeTable } from '@carb/replay';

/**
 * Proposition 2 where it is most fragile: the online gate, given a grid index, at both sides
 * of every step's breakpoint (allowFrom − 1 stops the step, allowFrom allows it), against the
 * offline table. These are exactly the thresholds where an inexact score would flip a decision.
 * `table` row e must be episodes[e].
 */
export function breakpointMismatches(
  episodes: readonly Episode[],
  pipeline: Pipeline,
  table: OutcomeTable,
): { checked: number; mismatches: string[] } {
  const G = gridSize(pipeline.grid);
  const mismatches: string[] = [];
  let checked = 0;
  episodes.forEach((ep, e) => {
    const indices = new Set<number>();
    for (const a of scoreEpisode(ep, pipeline, pipeline.selector).allowFrom)
      for (const g of [a - 1, a]) if (g >= 0 && g < G) indices.add(g);
    for (const g of indices) {
      const gate = createGate(pipeline, { gridIndex: g }, { episodeId: ep.id });
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
      const stop = gate.stopped ? gate.executed.length : -1;
      checked++;
      if (gate.executed.length !== table.executed[r] || stop !== table.stopStep[r]) {
        mismatches.push(`${ep.id} grid ${g}: gate ${gate.executed.length}/${stop}, table ${table.executed[r]!}/${table.stopStep[r]!}`);
      }
    }
  });
  return { checked, mismatches };
}
