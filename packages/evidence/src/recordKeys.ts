import type { PolicyStep, StepProvenance } from '@carb/episodes/policy';
import { TextMemo } from '@carb/io';
import { argFields, distinctiveLines, joinFieldValues, resultFields, type FieldValue } from './fields.ts';
import { distinct } from './distinct.ts';
import { allMatches, emailsIn, FIELD_FINANCIAL, FIELD_IDENTIFIER, FIELD_THREAD, IBAN_PATTERN, type CompiledRules } from './rules.ts';

/**
 * What the edge relations read from a record's action (tool arguments and declared
 * provenance). A proposal and its execution share the action, so these are extracted
 * once per step and reused when the proposal is committed.
 */
export interface ActionKeys {
  readonly branch: string | null;
  /** Relations 2 and 6 (target side): identifier-field values of the action. */
  readonly argIds: readonly string[];
  /** Relation 2: declared objects (identifiers whatever their length); declared outputs count too. */
  readonly objects: readonly string[];
  /** Relations 2 and 3: declared outputs. */
  readonly outputs: readonly string[];
  readonly inputs: readonly string[];
  readonly argCanaries: readonly string[];
  /** Relation 5: transaction / account / IBAN field values and IBAN strings of the action. */
  readonly argFinKeys: readonly string[];
  /** Relation 7: thread / message / channel field values of the action. */
  readonly argThreadKeys: readonly string[];
  /** Relation 8 (target side): the action's field values joined by newlines. */
  readonly actionText: string;
  /** Relation 8 (target side): e-mails, IBANs and canaries of the action, exact. */
  readonly actionTokens: readonly string[];
  /** Relation 8 (target side): action field values long enough for a general exact-span match. */
  readonly spanNeedles: readonly string[];
}

/** What the edge relations read from a record's visible result (empty for a proposal). */
export interface ResultKeys {
  /** Relation 2: identifier-field values of the result. */
  readonly ids: readonly string[];
  /** Relation 5: financial field values and IBAN strings of the result. */
  readonly finKeys: readonly string[];
  /** Relation 7: thread / message / channel field values of the result. */
  readonly threadKeys: readonly string[];
  readonly resultCanaries: readonly string[];
  /** Relation 8 (source side): e-mails, IBANs and canaries of the result, exact. */
  readonly resultTokens: readonly string[];
  /** Relation 8 (source side): distinctive result lines. */
  readonly resultLines: readonly string[];
  /** An injection marker of the sanitizer matches the result (the node's injection mark). */
  readonly injection: boolean;
}

/** Everything the edge relations read from one visible record. */
export interface RecordKeys {
  readonly action: ActionKeys;
  readonly result: ResultKeys;
}

const NONE: readonly string[] = [];

/** The keys of a record with nothing visible in its result (a proposal). */
export const EMPTY_RESULT_KEYS: ResultKeys = {
  ids: NONE,
  finKeys: NONE,
  threadKeys: NONE,
  resultCanaries: NONE,
  resultTokens: NONE,
  resultLines: NONE,
  injection: false,
};

export function recordKeys(step: PolicyStep, rules: CompiledRules): RecordKeys {
  return { action: actionKeys(step, rules), result: resultKeys(step.result, rules) };
}

export function actionKeys(step: PolicyStep, rules: CompiledRules): ActionKeys {
  const args = argFields(step.args);
  const text = joinFieldValues(args);
  const prov: StepProvenance | undefined = step.provenance;
  const argIbans = allMatches(IBAN_PATTERN, text);
  const argCanaries = allMatches(rules.canary, text);
  const minSpan = rules.graph.minSpanLength;
  return {
    branch: prov?.branch ?? null,
    argIds: pick(args, rules, FIELD_IDENTIFIER),
    objects: prov?.objects ?? NONE,
    outputs: prov?.outputs ?? NONE,
    inputs: prov?.inputs ?? NONE,
    argCanaries,
    argFinKeys: pick(args, rules, FIELD_FINANCIAL, argIbans),
    argThreadKeys: pick(args, rules, FIELD_THREAD),
    actionText: text,
    actionTokens: union(emailsIn(text), argIbans, argCanaries),
    spanNeedles: longValues(args, minSpan),
  };
}

export function resultKeys(result: string, rules: CompiledRules): ResultKeys {
  if (result.length === 0) return EMPTY_RESULT_KEYS;
  const lines = result.split('\n');
  const fields = resultFields(result, lines);
  const ibans = allMatches(IBAN_PATTERN, result);
  const canaries = allMatches(rules.canary, result);
  const g = rules.graph;
  return {
    ids: pick(fields, rules, FIELD_IDENTIFIER),
    finKeys: pick(fields, rules, FIELD_FINANCIAL, ibans),
    threadKeys: pick(fields, rules, FIELD_THREAD),
    resultCanaries: canaries,
    resultTokens: union(emailsIn(result), ibans, canaries),
    resultLines: distinctiveLines(result, g.distinctiveLineMin, g.distinctiveLineMax, lines),
    injection: rules.injection.some((re) => re.test(result)),
  };
}

/**
 * Results up to this long are memoized per graph: they recur step after step within an episode (a
 * tool's fixed reply), while across a large corpus most are seen once (graph-braid: a canary per
 * episode; a memo shared by 10⁵ episodes' graphs cost 10% more CPU and 170 MB more memory).
 */
const SHORT_RESULT = 1024;
/** Entries a graph's memo holds before it starts afresh (an outlier episode of many distinct short results). */
const MEMO_ENTRIES = 4096;
/**
 * Characters of long result text the shared memo holds before it starts afresh: the keys are
 * small, the texts most of it (the shared AgentDojo runs' distinct long results: 3.6 M).
 */
export const RESULT_MEMO_CHARS = 8 << 20;

/** Keys of long results by text, for one set of rules; at most RESULT_MEMO_CHARS characters of text. */
export type ResultMemo = TextMemo<ResultKeys>;

const shared = new WeakMap<CompiledRules, ResultMemo>();

/**
 * The memo of long results that every prefix graph with these rules shares (one per thread, as
 * the rules are): the same environment data comes back under each injection of a user task (the
 * shared AgentDojo runs: 1,933 results over 1,024 characters, 8.4 M characters, 911 distinct
 * texts of 3.6 M), and parsing them was a quarter of the replay.
 */
export function sharedResultMemo(rules: CompiledRules): ResultMemo {
  let memo = shared.get(rules);
  if (memo === undefined) shared.set(rules, (memo = new TextMemo(RESULT_MEMO_CHARS)));
  return memo;
}

/**
 * resultKeys through a memo: a short text through `memo` (one prefix graph's, with the same rules
 * throughout), a long one through sharedResultMemo(rules); a text seen before is not parsed again.
 * resultKeys is a function of the text and the rules alone and its keys are never mutated, so
 * sharing them changes nothing but the time.
 */
export function memoResultKeys(memo: Map<string, ResultKeys>, result: string, rules: CompiledRules): ResultKeys {
  if (result.length === 0) return EMPTY_RESULT_KEYS;
  if (result.length > SHORT_RESULT) return longResultKeys(sharedResultMemo(rules), result, rules);
  let keys = memo.get(result);
  if (keys === undefined) {
    keys = resultKeys(result, rules);
    if (memo.size >= MEMO_ENTRIES) memo.clear();
    memo.set(result, keys);
  }
  return keys;
}

/**
 * resultKeys of a long text through `memo` (a memo about to pass its characters is emptied first;
 * a text longer than that is never kept).
 */
export function longResultKeys(memo: ResultMemo, result: string, rules: CompiledRules): ResultKeys {
  return memo.get(result, (text) => resultKeys(text, rules));
}

/**
 * `seed` (distinct values) followed by the values of `fields` whose field name falls in class
 * `cls` and that are at least minIdentifierLength long, without repeats. Allocates nothing
 * when no field qualifies, the common case.
 */
function pick(fields: readonly FieldValue[], rules: CompiledRules, cls: number, seed: readonly string[] = NONE): readonly string[] {
  const min = rules.graph.minIdentifierLength;
  let out: string[] | undefined;
  for (const f of fields) if (f.value.length >= min && (rules.fieldClass(f.field) & cls) !== 0) (out ??= [...seed]).push(f.value);
  return out === undefined ? seed : distinct(out);
}

/** Distinct field values of at least `min` characters. */
function longValues(fields: readonly FieldValue[], min: number): readonly string[] {
  let out: string[] | undefined;
  for (const f of fields) if (f.value.length >= min) (out ??= []).push(f.value);
  return out === undefined ? NONE : distinct(out);
}

/** Distinct values of three distinct lists; one non-empty list is returned as it is. */
function union(a: readonly string[], b: readonly string[], c: readonly string[]): readonly string[] {
  if (b.length === 0 && c.length === 0) return a;
  if (a.length === 0 && c.length === 0) return b;
  if (a.length === 0 && b.length === 0) return c;
  return distinct([...a, ...b, ...c]);
}
