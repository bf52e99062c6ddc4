export type {
  SweepSpec,
  ConditionSpec,
  ConditionSplitRow,
  MeanSe,
  ConditionSummary,
  ConditionResult,
  Table9,
  Table10Row,
} from './types.ts';
export { loadSweepSpec, DEFAULT_SWEEP_PIPELINE } from './loadSweepSpec.ts';
export { sweepValidator, SWEEP_SCHEMA_PATH } from './sweepSchema.ts';
export { conditionParams } from './conditionParams.ts';
export { twinParams } from './twinParams.ts';
export { conditionHash } from './conditionHash.ts';
export { sweepPipelineHash } from './sweepPipelineHash.ts';
export { generateCondition } from './generateCondition.ts';
export { conditionFolds } from './conditionFolds.ts';
export { conditionSplits } from './conditionSplits.ts';
export { replayCondition, type ReplayedCondition } from './replayCondition.ts';
export { sinkProposals } from './sinkProposals.ts';
export { pathAtSink } from './pathAtSink.ts';
export { pathRates } from './pathRates.ts';
export { calibratedSplits } from './calibratedSplits.ts';
export { meanSe } from './meanSe.ts';
export { summarizeRows } from './summarizeRows.ts';
export { evaluateCondition } from './evaluateCondition.ts';
export { table9 } from './table9.ts';
export { table10, TABLE10_FAMILIES } from './table10.ts';
export { conditionsCsv, CONDITION_COLUMNS } from './conditionsCsv.ts';
export { figure4a, type Figure4aOptions } from './figure4a.ts';
export { figure4b } from './figure4b.ts';
export { sweepHtml, DEVIATION_MARK, type SweepHtmlInput } from './sweepHtml.ts';
export { PAPER_TABLE9, PAPER_TABLE10, TABLE9_CELLS, TABLE10_TOLERANCE, type PaperTable9Row, type PaperTable10Row } from './paperTables.ts';
export { runSweep, type RunSweepOptions, type SweepEvent, type SweepRun } from './runSweep.ts';
export { mergeSweep, type SweepMerge } from './mergeSweep.ts';
export { selectConditions, onlyProblem, type SweepShard, type SelectedCondition } from './selectConditions.ts';
export { sweepRecord, readSweepRecord, specHash, SWEEP_RECORD, type SweepRecord } from './sweepRecord.ts';
export { writeAggregates } from './writeAggregates.ts';
export { conditionFile, readStoredCondition, writeCondition, CONDITIONS_DIR } from './store.ts';
export { SWEEP_RULE, sweepLockPart } from './sweepRule.ts';
