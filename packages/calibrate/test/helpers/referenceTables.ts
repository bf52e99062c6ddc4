import type { Episode } from '@carb/episodes';
import { withSelector, type Pipeline } from '@carb/pipeline';
import { breakpointTable, ledgerTraces, scoreEpisode, type BreakpointTable } from '@carb/replay';
import { METHOD_ORDER, METHOD_SELECTOR, type MethodName } from '../../src/index.ts';

/**
 * Breakpoint tables of every method by the reference builder (scoreEpisode + ledgerTraces per
 * selector), independent of the fused production replay; methods sharing a selector share a table.
 */
export function referenceTablesByMethod(episodes: readonly Episode[], pipeline: Pipeline): Partial<Record<MethodName, BreakpointTable>> {
  const traces = ledgerTraces(episodes, pipeline);
  const bySelector = new Map<string, BreakpointTable>();
  const tables: Partial<Record<MethodName, BreakpointTable>> = {};
  for (const m of METHOD_ORDER) {
    const kind = METHOD_SELECTOR[m];
    if (!bySelector.has(kind)) {
      const p = withSelector(pipeline, { kind });
      bySelector.set(
        kind,
        breakpointTable(
          kind,
          p.grid,
          episodes,
          episodes.map((e) => scoreEpisode(e, p, p.selector)),
          traces,
        ),
      );
    }
    tables[m] = bySelector.get(kind)!;
  }
  return tables;
}
