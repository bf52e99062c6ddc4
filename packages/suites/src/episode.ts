import type { Episode, JsonObject, PolicyStep, SourceFormat, StepProvenance } from '@carb/episodes';
import type { Rng } from './rng.ts';
import type { SuiteParams } from './types.ts';

/** A step as the generator writes it, before the evidence view (provenance, dropout) is applied. */
export interface DraftStep {
  tool: string;
  args: JsonObject;
  result: string;
  provenance: StepProvenance;
}

/**
 * Builds a canonical episode: every generated call succeeds and the task completes,
 * so only the ledger separates harmful from benign trajectories. No user request either:
 * a request naming the record to summarize would tell a family's members apart.
 */
export function buildEpisode(id: string, group: string, format: SourceFormat, suite: string, steps: readonly PolicyStep[]): Episode {
  return {
    id,
    group,
    source: { format, file: null, model: null, suite, userTask: null, injectionTask: null, attack: null },
    request: null,
    steps: [...steps],
    outcome: { taskCompleted: true, completedAtStep: null },
    benchmark: null,
    injections: {},
    flags: { aborted: null, textOnlyCalls: false },
    externalScores: null,
  };
}

/**
 * The policy-visible steps under the evidence parameters: structured provenance removed
 * (App. G.1 "provenance −") or each declared link dropped with probability edgeDropout
 * (App. G.2). Dropout draws come from `dropout` only, so the text and labels do not move.
 */
export function policyView(drafts: readonly DraftStep[], params: SuiteParams, dropout: Rng): PolicyStep[] {
  return drafts.map((d, index) => {
    const base = { index, tool: d.tool, args: d.args, result: d.result, error: null, ok: true };
    if (!params.provenance) return base;
    const p = params.edgeDropout;
    const keep = (): boolean => p === 0 || dropout() >= p;
    const prov: StepProvenance = {};
    if (d.provenance.branch !== undefined && keep()) prov.branch = d.provenance.branch;
    for (const key of ['objects', 'outputs', 'inputs'] as const) {
      const xs = d.provenance[key];
      if (xs === undefined) continue;
      // outputs name what a record produces; dropping them would not remove an observable link by itself
      const kept = key === 'outputs' ? [...xs] : xs.filter(() => keep());
      if (kept.length > 0) prov[key] = kept;
    }
    return { ...base, provenance: prov };
  });
}

/** The handle as it appears at the sink: exact, or laundered so no exact match or canary pattern survives. */
export function sinkHandle(handle: string, mode: SuiteParams['sinkText']): string {
  if (mode === 'exact') return handle;
  const body = handle.replace(/^CANARY-/, '').toLowerCase();
  return `ref ${body.slice(0, 5)} ${body.slice(5)}`;
}
