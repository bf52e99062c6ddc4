import type { MethodName } from '@carb/calibrate';
import type { CesCohort, SuiteName, SuiteParams } from '@carb/suites';

/**
 * A sweep spec (configs/sweeps/*.json, configs/schema/sweep.schema.json): named conditions,
 * each a generated suite with its own parameters and split seeds, all at one budget α.
 */
export interface SweepSpec {
  /** Spec name (file stem), e.g. "graph-braid-table10". */
  name: string;
  /** Free text: which paper table/figure this reproduces and the choices made. */
  description: string;
  /**
   * "recalibrate" (App. G.2): every condition calibrates its own λ̂ on its calibration folds.
   * "fixed-threshold" (App. G.1): λ̂ is calibrated per split on the condition named
   * `calibrateOn` and held fixed in every condition.
   */
  mode: 'recalibrate' | 'fixed-threshold';
  /** Budget, as a decimal string (".10"). */
  alpha: string;
  /** Methods replayed and calibrated in every condition (Table 10 and Table 9 read `primary`). */
  methods: MethodName[];
  /** The method the tables report (g-carb). */
  primary: MethodName;
  /** fixed-threshold only: the condition whose calibration fold picks λ̂. */
  calibrateOn?: string;
  /**
   * fixed-threshold only: generator parameters overriding each condition's when the ledger
   * (loss, harm) is evaluated: the ledger stays the declared target while the evidence changes
   * (G.1: computed on the exact-text twin, `{ "sinkText": "exact" }`).
   */
  ledgerTwin?: Partial<SuiteParams>;
  /** Pipeline config (default configs/pipelines/default.json), relative to the project root. */
  pipeline?: string;
  conditions: ConditionSpec[];
}

export interface ConditionSpec {
  /** Unique within the spec: "baseline", "prevalence-.1", "prov+text-". */
  name: string;
  /** Table 10 family ("baseline", "prevalence", "benign-density", "score-noise", "edge-dropout", "combined"); Table 9 cell key otherwise. */
  family: string;
  suite: SuiteName;
  /** CES only. */
  cohort?: CesCohort;
  /** Corpus seed of the generator. */
  seed: number;
  /** Overrides of the generator defaults (DEFAULT_PARAMS). */
  params: Partial<SuiteParams>;
  /** Split seeds first … first + count − 1 (Python Mersenne Twister shuffle, App. D.1). */
  splitSeeds: { first: number; count: number };
}

/** One method's held-out metrics on one assignment (split). */
export interface ConditionSplitRow {
  method: MethodName;
  /** The split seed. */
  seed: number;
  /** Grid index of λ̂ (−1: infeasible, evaluated at stop-all) and its value. */
  lambdaIndex: number;
  lambdaHat: number | null;
  loss: number;
  intervention: number;
  utility: number;
  harmStop: number | null;
  benignStop: number | null;
  /** Eq. 2 on this split's scored test proposals (null for no guard). */
  ctxRed: number | null;
  /** Table 9: share of harmful test episodes whose sink proposal fires the source-to-sink path feature (null when not measured). */
  pathRecall: number | null;
  /** Table 9: share of non-leak test episodes whose sink proposal fires it. */
  falsePath: number | null;
}

/** Mean and standard error (sample sd / √k) over a condition's assignments. */
export interface MeanSe {
  mean: number;
  se: number;
}

/** One method's summary over a condition's assignments. */
export interface ConditionSummary {
  method: MethodName;
  splits: number;
  loss: MeanSe;
  intervention: MeanSe;
  utility: MeanSe;
  harmStop: MeanSe | null;
  benignStop: MeanSe | null;
  ctxRed: MeanSe | null;
  pathRecall: MeanSe | null;
  falsePath: MeanSe | null;
}

/**
 * What a finished condition stores (DIR/conditions/<hash>.json): everything the tables,
 * CSV and figures need, and the frozen hash that makes a rerun skip it.
 */
export interface ConditionResult {
  name: string;
  family: string;
  /** Frozen config hash: spec-level fields that change results + this condition + pipeline hash + carb version. */
  hash: string;
  suite: SuiteName;
  cohort: CesCohort | null;
  seed: number;
  /** The full generator parameters used (defaults filled in). */
  params: SuiteParams;
  episodes: number;
  harmful: number;
  summaries: ConditionSummary[];
  rows: ConditionSplitRow[];
}

/** Table 9 (App. G.1): keys "prov+text+", "prov+text-", "prov-text+", "prov-text-". */
export type Table9 = Record<string, { meanLoss: number; pathRecall: number; falsePath: number; ctxRed: number }>;

/** One Table 10 row (App. G.2): extrema over the family's conditions of the per-condition means. */
export interface Table10Row {
  family: string;
  conditions: number;
  maxMeanLoss: number;
  minHarmStop: number;
  maxBenignStop: number;
  ctxRedMin: number;
  ctxRedMax: number;
}
