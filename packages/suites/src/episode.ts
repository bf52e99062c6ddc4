import type { Episode, JsonObject, PolicyStep, SourceFormat, StepProvenance } from '@carb/episodes';
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
 * The policy-visible steps under the evidence parameters: structured provenance kept or
 * removed (App. G.1 "provenance −"). Edge dropout (App. G.2) is not applied here: it removes
 * observable edges of every kind, so replay applies it to the prefix graph (edgeDropout of
 * @carb/evidence), and the episodes, labels and ledger stay those of the undisturbed corpus.
 */
export function policyView(drafts: readonly DraftStep[], params: SuiteParams): PolicyStep[] {
  return drafts.map((d, index) => {
    const base = { index, tool: d.tool, args: d.args, result: d.result, error: null, ok: true };
    return params.provenance ? { ...base, provenance: d.provenance } : base;
  });
}

/** The handle as it appears at the sink: exact, or laundered so no exact match or canary pattern survives. */
export function sinkHandle(handle: string, mode: SuiteParams['sinkText']): string {
  if (mode === 'exact') return handle;
  const body = handle.replace(/^CANARY-/, '').toLowerCase();
  return `ref ${body.slice(0, 5)} ${body.slice(5)}`;
}
