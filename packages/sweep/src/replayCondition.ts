import { METHOD_SELECTOR, methodSelectors, type MethodName } from '@carb/calibrate';
import { canonicalJson } from '@carb/io';
import { ledgerTrace, type LedgerTrace } from '@carb/ledger';
import type { Pipeline } from '@carb/pipeline';
import { replayFused, type BreakpointTable, type ReplayNoise } from '@carb/replay';
import type { SuiteOutput, SuiteParams } from '@carb/suites';
import { generateCondition } from './generateCondition.ts';
import type { ConditionSpec } from './types.ts';

/** A condition generated and replayed: its corpus, one breakpoint table per method, the replay perturbations. */
export interface ReplayedCondition {
  params: SuiteParams;
  output: SuiteOutput;
  tables: Partial<Record<MethodName, BreakpointTable>>;
  noise: ReplayNoise | null;
}

/**
 * The twin's ledger traces, checked to be the same episodes: laundering text or removing
 * provenance changes neither ids nor step counts, and a loss depends only on the executed
 * prefix length and the twin's records.
 */
function twinTraces(output: SuiteOutput, twin: SuiteOutput, pipeline: Pipeline): LedgerTrace[] {
  return output.episodes.map((episode, e) => {
    const other = twin.episodes[e];
    if (!other || other.id !== episode.id || other.steps.length !== episode.steps.length) {
      throw new Error(
        `sweep: ledger twin episode ${e} is ${other?.id ?? 'missing'} (${other?.steps.length ?? 0} steps) but the condition has ${episode.id} (${episode.steps.length} steps); expected the same episodes`,
      );
    }
    return ledgerTrace(other, pipeline);
  });
}

/**
 * Generates a condition under `params` and replays every method's selector in one fused pass.
 * Score noise and edge dropout act at replay (noise seed = the corpus's). With `ledger` (the
 * ledger-twin parameters, fixed-threshold mode) losses and harm come from the twin corpus's
 * ledger at this condition's stop positions: replayFused takes the twin's traces in place of
 * the episodes' own, so every loss column is the twin's.
 */
export function replayCondition(
  condition: ConditionSpec,
  params: SuiteParams,
  methods: readonly MethodName[],
  pipeline: Pipeline,
  ledger?: SuiteParams,
): ReplayedCondition {
  const output = generateCondition(condition, params);
  const noise = params.scoreNoise || params.edgeDropout ? { noiseSeed: output.meta.noiseSeed, params } : null;
  const traces =
    ledger && canonicalJson(ledger) !== canonicalJson(params)
      ? twinTraces(output, generateCondition(condition, ledger), pipeline)
      : undefined;
  const selectors = methodSelectors(pipeline, methods);
  const byKind = new Map(
    replayFused(output.episodes, pipeline, selectors, traces ? { noise, traces } : { noise }).map((t) => [t.method, t]),
  );
  const tables: Partial<Record<MethodName, BreakpointTable>> = {};
  for (const m of methods) tables[m] = byKind.get(METHOD_SELECTOR[m])!;
  return { params, output, tables, noise };
}
