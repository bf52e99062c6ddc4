import {
  HeldOutCurves,
  METHOD_SELECTOR,
  alignLabels,
  calibrationTarget,
  parseBudget,
  type BenignStopRule,
  type MethodName,
} from '@carb/calibrate';
import { canonicalJson } from '@carb/io';
import { gridValue, withSelector, type Pipeline } from '@carb/pipeline';
import type { BreakpointTable } from '@carb/replay';
import { calibratedSplits } from './calibratedSplits.ts';
import { conditionHash } from './conditionHash.ts';
import { conditionParams } from './conditionParams.ts';
import { conditionSplits } from './conditionSplits.ts';
import { pathAtSink } from './pathAtSink.ts';
import { pathRates } from './pathRates.ts';
import { replayCondition, type ReplayedCondition } from './replayCondition.ts';
import { sinkProposals } from './sinkProposals.ts';
import { splitRow } from './splitRow.ts';
import { summarizeRows } from './summarizeRows.ts';
import { sweepPipelineHash } from './sweepPipelineHash.ts';
import { twinParams } from './twinParams.ts';
import type { ConditionResult, ConditionSpec, ConditionSplitRow, SweepSpec } from './types.ts';

const corpusKey = (c: ConditionSpec) =>
  canonicalJson({ suite: c.suite, cohort: c.cohort ?? null, seed: c.seed, params: conditionParams(c.params) });

/** fixed-threshold: the calibrateOn condition replayed (reusing `run` when it is the same corpus), checked to have the same episodes. */
function calibrationRun(spec: SweepSpec, condition: ConditionSpec, run: ReplayedCondition, pipeline: Pipeline): ReplayedCondition {
  const ref = spec.conditions.find((c) => c.name === spec.calibrateOn);
  if (!ref) throw new Error(`sweep ${spec.name}: calibrateOn ${JSON.stringify(spec.calibrateOn)} names no condition`);
  if (corpusKey(ref) === corpusKey(condition)) return run;
  const refRun = replayCondition(ref, conditionParams(ref.params), spec.methods, pipeline, twinParams(spec, ref));
  const a = refRun.output.episodes;
  const b = run.output.episodes;
  if (a.length !== b.length || a.some((e, i) => e.id !== b[i]!.id)) {
    throw new Error(
      `sweep ${spec.name}: condition ${condition.name} and calibrateOn ${ref.name} have different episodes; expected the same ids in the same order`,
    );
  }
  return refRun;
}

/**
 * Evaluates one sweep condition (App. G), deterministically and in memory: generates its corpus,
 * replays the spec's methods in one fused pass, and for each split seed first … first+count−1
 * picks λ̂ by Eq. 1 at α and reports the held-out metrics on the test fold.
 *
 * recalibrate (G.2): λ̂ from the condition's own calibration fold.
 * fixed-threshold (G.1): λ̂ from the calibration fold of the same assignment in the calibrateOn
 * condition, evaluated on this condition's test fold at that grid index; in both conditions the
 * losses and harm come from the ledger-twin corpus (the twin's ledger at this condition's stop
 * positions), while stops come from this condition's evidence.
 *
 * Path recall / false path (Table 9) are measured for the primary method at each test
 * episode's sink proposal (see pathAtSink, sinkProposals); other methods report null.
 */
export function evaluateCondition(spec: SweepSpec, condition: ConditionSpec, pipeline: Pipeline, carbVersion: string): ConditionResult {
  const params = conditionParams(condition.params);
  const fixed = spec.mode === 'fixed-threshold';
  const run = replayCondition(condition, params, spec.methods, pipeline, fixed ? twinParams(spec, condition) : undefined);
  const { episodes, labels } = run.output;
  const t0 = run.tables[spec.methods[0]!]!;
  const splits = conditionSplits(condition, params, t0.ids, t0.groups);
  const benignStop: BenignStopRule = condition.suite === 'ces' ? 'ces' : 'graph-braid';
  const calibration = fixed ? calibrationRun(spec, condition, run, pipeline) : run;
  const calibrated = calibratedSplits(calibration.tables, parseBudget(spec.alpha), splits, calibration.output.labels, benignStop);
  // runProtocol evaluated λ̂ on this condition's test folds already unless λ̂ came from another corpus
  const ownFolds = calibration === run;

  const columns = alignLabels(t0.ids, labels, benignStop);
  const primarySelector = withSelector(pipeline, { kind: METHOD_SELECTOR[spec.primary] }).selector;
  const fired = pathAtSink(episodes, sinkProposals(condition.suite, episodes, labels), pipeline, primarySelector, run.noise);

  // fixed threshold from another corpus: its λ̂ evaluated on this condition's test folds; methods
  // sharing a selector share one table, hence one set of curves per split
  const curves = new Map<BreakpointTable, HeldOutCurves>();
  if (!ownFolds)
    for (const m of spec.methods) {
      const table = run.tables[m]!;
      if (!curves.has(table)) curves.set(table, new HeldOutCurves(table, columns));
    }
  const byMethod = new Map<MethodName, ConditionSplitRow[]>(spec.methods.map((m) => [m, []]));
  splits.forEach((split, k) => {
    for (const c of curves.values()) c.load(split.test);
    for (const m of spec.methods) {
      const table = run.tables[m]!;
      const result = calibrated.get(m)![k]!;
      const g = result.lambdaIndex;
      const scored = calibrationTarget(m) !== 'none';
      // infeasible: the criterion selects nothing, stop-all (λ⊥) is what remains deployable
      const metrics = ownFolds ? result : curves.get(table)!.at(g < 0 ? 0 : g, 'union', scored);
      const path = m === spec.primary ? pathRates(split.test, columns, fired) : null;
      byMethod.get(m)!.push(splitRow(m, split.seed, g, g < 0 ? null : gridValue(table.grid, g), metrics, scored, path));
    }
  });
  const rows = spec.methods.flatMap((m) => byMethod.get(m)!);
  return {
    name: condition.name,
    family: condition.family,
    hash: conditionHash(spec, condition, sweepPipelineHash(pipeline), carbVersion),
    suite: condition.suite,
    cohort: condition.cohort ?? null,
    seed: condition.seed,
    params,
    episodes: episodes.length,
    harmful: labels.filter((l) => l.harmful).length,
    summaries: summarizeRows(spec.methods, rows),
    rows,
  };
}
