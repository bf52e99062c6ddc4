import type { LedgerCategory } from '@carb/pipeline';

/** Observable rule that produced a goal identifier or an event. */
export type LedgerRule =
  'email' | 'iban' | 'url' | 'file' | 'user' | 'password' | 'id' | 'amount' | 'quoted' | 'name' | 'date_range' | 'canary';

/**
 * How an identifier is compared with a call's arguments:
 * `substring` — case-insensitive, whitespace-normalized substring of a string argument;
 * `value` — equal to a whole string argument (short identifiers);
 * `numeric` — equal to a numeric argument whose key names an amount;
 * `all` — every part is a substring of the flattened arguments.
 */
export type MatchMode = 'substring' | 'value' | 'numeric' | 'all';

/** One identifier extracted from an injection goal. */
export interface GoalIdentifier {
  rule: LedgerRule;
  /** Display form, also the comparison value for single-part identifiers. */
  value: string;
  mode: MatchMode;
  /** Parts for `all` (date ranges); [value] otherwise. */
  parts: string[];
  /** For `value` mode: argument keys the value must sit under (regex source), or null for any key. */
  keyPattern: string | null;
}

/** One registered ledger event. */
export interface LedgerEvent {
  /** 0-based index of the executed step that registers the event. */
  step: number;
  category: LedgerCategory;
  rule: LedgerRule;
  /** The identifier or canary found in the step's arguments. */
  evidence: string;
  /**
   * Private content the call also carries, when its identifier alone did not suffice because the
   * user's own request names it (R3b); null otherwise.
   */
  payload: string | null;
  /** Step whose visible result revealed the objective (injection) or the canary (private source). */
  seenAt: number;
}

/** Ledger state of one full (ungated) episode, from which every prefix's loss follows. */
export interface LedgerTrace {
  /** 0-based step index whose execution registers the category's first event; −1 = never. */
  firstStep: Record<LedgerCategory, number>;
  /** Every registered event, by step, then category order. */
  events: LedgerEvent[];
  /**
   * First step of each custom category (pipeline `ledger.customCategories`) that fires, −1 never;
   * absent when none is declared. Counts in the union ledger, not in the graded five.
   */
  customFirstStep?: Record<string, number>;
}

export type LedgerLossKind = 'union' | 'graded';
