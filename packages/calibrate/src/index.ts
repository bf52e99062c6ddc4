export type { MethodName, SummaryRow, SplitResult, DeployRow, Guarantee } from './types.ts';
export { GUARANTEES, POOLED_STRATUM } from './types.ts';
export { parseBudget, parseBudgets, distinctBudgets, BudgetListError, type Budget } from './budget.ts';
export { budgetAsDouble, crcBudget, crcThreshold, crcThresholds } from './crcThreshold.ts';
export { denseCrcThreshold } from './denseCrc.ts';
export { calibrationSums, histogramScratch, sumsFitDouble, type HistogramScratch } from './histogram.ts';
export { stepLossesFromDense, ledgerStepLosses, envelopeStepLosses, denseUnits, type StepLosses } from './stepLosses.ts';
export { executedCount, stepRateDenominator } from './stepRate.ts';
export { GRADED_DENOMINATOR, ledgerDenominator, type Ledger } from './ledgerLoss.ts';
export { contextPrefix } from './contextPrefix.ts';
export { PythonRandom, seedKey } from './pythonRandom.ts';
export {
  makeSplits,
  foldSizes,
  startSplitShuffles,
  type Split,
  type SplitOptions,
  type SplitDataset,
  type StartedShuffles,
} from './splits.ts';
export { shuffleWith } from './shuffleWith.ts';
export { METHOD_ORDER, METHOD_SELECTOR, calibrationTarget, isMethodName } from './methods.ts';
export { methodSelectors } from './methodSelectors.ts';
export { alignLabels, type LabelColumns, type BenignStopRule } from './labelColumns.ts';
export { HeldOutCurves, type HeldOutMetrics } from './heldOutCurves.ts';
export { empiricalQuantile, empiricalQuantiles, mean } from './quantiles.ts';
export { summarizeCell, pairedDiff, type PairedDiff } from './summarize.ts';
export { runProtocol, type ProtocolInput, type ProtocolResult } from './runProtocol.ts';
export { DEFAULT_ALPHAS, DEFAULT_BUDGETS, frontierAlphas } from './frontier.ts';
export { logBinomialCdf, logBinomialCdfErrorBound } from './binomialTail.ts';
export { binomialCdfAtMost } from './exactBinomialTail.ts';
export { logHoeffdingBentkus } from './hoeffdingBentkus.ts';
export { lossKind, type LossKind } from './lossKind.ts';
export { calibrationLosses } from './calibrationLosses.ts';
export { checkDelta, type GuaranteeSpec, type BatchSize } from './guaranteeSpec.ts';
export { batchBudget } from './batchBudget.ts';
export { lttBudget } from './lttBudget.ts';
export { lttThreshold } from './ltt.ts';
export { fitThreshold } from './fitThreshold.ts';
