import type { SOURCE_FORMATS } from './formats.ts';

/** JSON value as stored verbatim (tool arguments, benchmark fields). */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/**
 * Declared provenance of one step (constructed suites only). Prefix-visible:
 * the prefix graph may read it. Never carries labels.
 */
export interface StepProvenance {
  /** Declared branch identifier (edge relation 1). */
  branch?: string;
  /** Object identifiers the record touches (relation 2). */
  objects?: string[];
  /** Data identifiers this record produces (relations 2, 3). */
  outputs?: string[];
  /** Data identifiers this action declares as input (relation 3). */
  inputs?: string[];
}

/**
 * One executed record R_t = (A_t, O_t) as the gate may see it. This is the only
 * episode data that evidence, selector and scorer code receive: it has no outcome,
 * benchmark, injection or label field, by construction.
 */
export interface PolicyStep {
  /** 0-based position in the episode. */
  readonly index: number;
  readonly tool: string;
  readonly args: JsonObject;
  /** Visible result text ("" when the tool failed). */
  readonly result: string;
  /** Error text reported by the tool, or null. */
  readonly error: string | null;
  /** True when the call executed without error. */
  readonly ok: boolean;
  readonly provenance?: StepProvenance;
}

/** A registered log format (formats.ts), a constructed suite, or carb's own JSONL. */
export type SourceFormat = (typeof SOURCE_FORMATS)[number];

export interface EpisodeSource {
  format: SourceFormat;
  /** File the episode was read from (relative as given), or null when generated. */
  file: string | null;
  /** Model or pipeline name. */
  model: string | null;
  suite: string | null;
  userTask: string | null;
  injectionTask: string | null;
  attack: string | null;
}

export interface EpisodeOutcome {
  taskCompleted: boolean;
  /** Step index after whose execution the task counts as completed, when known; null = at natural end. */
  completedAtStep: number | null;
}

export interface EpisodeFlags {
  /** Run aborted with this error text (AgentDojo top-level `error`); excluded from calibration by default. */
  aborted: string | null;
  /** The model wrote tool calls as plain text; kept as a zero-step episode. */
  textOnlyCalls: boolean;
}

/**
 * Canonical episode. `steps` is the policy-visible part; everything else is metadata
 * for the ledger, metrics and reports.
 */
export interface Episode {
  id: string;
  /** Assignment unit for splits (pair id); defaults to id. */
  group: string;
  source: EpisodeSource;
  /**
   * The user's request: the task text the agent was given (AgentDojo: the first user
   * message), or null when the source has none (constructed suites). Fixed before the first
   * step and visible throughout the episode, so it is neither a label nor an outcome. Only the
   * ledger reads it (an identifier the request names is the user's, rule R3b); scoring does not.
   */
  request: string | null;
  steps: PolicyStep[];
  outcome: EpisodeOutcome;
  /** Benchmark outcome fields kept verbatim (AgentDojo: utility, security). Never read by scoring. */
  benchmark: JsonObject | null;
  /** Injected texts by injection vector id ({} when not attacked). Read by the ledger only. */
  injections: Record<string, string>;
  flags: EpisodeFlags;
  /** Optional external guard score per step (proposal), each in [0,1]. */
  externalScores: number[] | null;
}
