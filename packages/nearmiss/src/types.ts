import type { JsonObject, JsonValue } from '@carb/episodes';

/** A binding: "$args.<path>", "$source.<path>", "$item.<path>", or a literal value. */
export type Binding = string | number | boolean | null;

/** A read-only call as a guard spec names it: tool, argument bindings, and values its result must hold. */
export interface CallPattern {
  tool: string;
  args?: Record<string, Binding>;
  /** Values the result must hold: one object, or several each held somewhere in it. */
  resultHas?: Record<string, Binding> | Record<string, Binding>[];
}

/** One policy check of a mutating tool's guard. */
export interface GuardCheck {
  name: string;
  /** The policy line the check rests on, quoted verbatim. */
  why: string;
  /** ToolGuard guard items the check stands for. */
  toolguard?: string[];
  /** Calls whose result the bindings read ("$source."): the latest earlier one matching any. */
  source?: CallPattern[];
  /** A reference to an array: the check needs one read-only call per element ("$item."). */
  forEach?: string;
  needs: CallPattern;
  /** Calls that obtain the same information. */
  equivalents?: CallPattern[];
  /** Other readings of the policy line; "literal" is the check itself. */
  readings?: { substantive?: Reading };
}

/** A record the tools read and mutate (e.g. a reservation), named by one argument. */
export interface RecordSpec {
  name: string;
  /** The argument (and result key) that names the record. */
  key: string;
  /** Tools whose successful result describes the record. */
  readBy: string[];
  /** Tools that change it: a read before one of these (same record) is stale after it. */
  mutatedBy: string[];
}

/** A condition on the values a check's bindings read (a reading's waiver). */
export type Condition =
  | { all: Condition[] }
  | { any: Condition[] }
  | { every: string; holds: Condition }
  | { value: Binding; equals?: Binding; after?: string; atLeast?: string };

/** A reading of the policy other than the literal one: when a check is moot under it. */
export interface Reading {
  /** The policy text the reading rests on, quoted. */
  why: string;
  /** The check is not needed at a call where this holds. */
  waivedWhen: Condition;
}

/** A loaded guard spec: mutating tool → its checks. */
export interface GuardSpec {
  file: string;
  domain: string;
  guards: ReadonlyMap<string, readonly GuardCheck[]>;
  records: readonly RecordSpec[];
}

/** How the policy is read: literally (every guard check), or substantively (a check waived where it is moot). */
export type PolicyReading = 'literal' | 'substantive';

/** A call pattern with its bindings resolved (null where a value could not be resolved). */
export interface NeededCall {
  tool: string;
  args: JsonObject;
  resultHas?: JsonObject | JsonObject[];
}

/** A check a mutating call was made without: the latent failure's evidence. */
export interface LatentFailure {
  episode: string;
  agent: string | null;
  /** Step index of the mutating call. */
  step: number;
  tool: string;
  args: JsonObject;
  check: string;
  why: string;
  /** The forEach element this requirement is for (null for a check without forEach). */
  item: JsonValue | null;
  /** The call the guard needs first, then its equivalents: none of them was made before the call. */
  needed: NeededCall[];
  /** Set when the requirement could not be made concrete (e.g. the source call was never made). */
  unresolved: string | null;
}

/** What the detector found in one episode. */
export interface EpisodeFindings {
  episode: string;
  agent: string | null;
  /** Executed (successful) mutating calls, by step index. */
  mutatingSteps: number[];
  failures: LatentFailure[];
}
