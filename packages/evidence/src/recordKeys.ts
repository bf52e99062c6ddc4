import type { PolicyStep } from '@carb/episodes/policy';
import { actionText, argFields, distinctiveLines, resultFields, type FieldValue } from './fields.ts';
import { allMatches, emailsIn, FIELD_FINANCIAL, FIELD_IDENTIFIER, FIELD_THREAD, IBAN_PATTERN, type CompiledRules } from './rules.ts';

/**
 * Everything the edge relations read from one visible record, extracted once. `arg*`
 * sets come from the action fields only (what a later action carries); the others
 * cover the whole record (what an earlier record offers).
 */
export interface RecordKeys {
  readonly branch: string | null;
  /** Relation 2: identifier-field values (args + result) and declared objects / outputs. */
  readonly ids: readonly string[];
  /** Relation 6 (target side): identifier-field values of the action. */
  readonly argIds: readonly string[];
  readonly outputs: readonly string[];
  readonly inputs: readonly string[];
  readonly resultCanaries: readonly string[];
  readonly argCanaries: readonly string[];
  /** Relation 5: transaction / account / IBAN values and IBAN strings, whole record and action only. */
  readonly finKeys: readonly string[];
  readonly argFinKeys: readonly string[];
  /** Relation 7: thread / message / channel values, whole record and action only. */
  readonly threadKeys: readonly string[];
  readonly argThreadKeys: readonly string[];
  /** Relation 8 (source side): e-mails, IBANs and canaries of the result, exact. */
  readonly resultTokens: readonly string[];
  /** Relation 8 (source side): distinctive result lines. */
  readonly resultLines: readonly string[];
  /** Relation 8 (target side): the action's field values joined, and its e-mails / IBANs / canaries. */
  readonly actionText: string;
  readonly actionTokens: readonly string[];
  /** Relation 8 (target side): action field values long enough for a general exact-span match. */
  readonly spanNeedles: readonly string[];
}

export function recordKeys(step: PolicyStep, rules: CompiledRules): RecordKeys {
  const min = rules.graph.minIdentifierLength;
  const args = argFields(step.args);
  const result = resultFields(step.result);
  const text = actionText(step.args);
  const prov = step.provenance;

  const pick = (fields: readonly FieldValue[], cls: number, into: Set<string>): Set<string> => {
    for (const f of fields) if (f.value.length >= min && (rules.fieldClass(f.field) & cls) !== 0) into.add(f.value);
    return into;
  };
  const argIds = pick(args, FIELD_IDENTIFIER, new Set());
  const ids = pick(result, FIELD_IDENTIFIER, new Set(argIds));
  for (const o of prov?.objects ?? []) ids.add(o);
  for (const o of prov?.outputs ?? []) ids.add(o);

  const argIbans = allMatches(IBAN_PATTERN, text);
  const resultIbans = allMatches(IBAN_PATTERN, step.result);
  const argFinKeys = pick(args, FIELD_FINANCIAL, new Set(argIbans));
  const finKeys = pick(result, FIELD_FINANCIAL, new Set([...argFinKeys, ...resultIbans]));
  const argThreadKeys = pick(args, FIELD_THREAD, new Set());
  const threadKeys = pick(result, FIELD_THREAD, new Set(argThreadKeys));

  const resultCanaries = allMatches(rules.canary, step.result);
  const argCanaries = allMatches(rules.canary, text);
  const g = rules.graph;
  return {
    branch: prov?.branch ?? null,
    ids: [...ids],
    argIds: [...argIds],
    outputs: prov?.outputs ?? [],
    inputs: prov?.inputs ?? [],
    resultCanaries,
    argCanaries,
    finKeys: [...finKeys],
    argFinKeys: [...argFinKeys],
    threadKeys: [...threadKeys],
    argThreadKeys: [...argThreadKeys],
    resultTokens: [...new Set([...emailsIn(step.result), ...resultIbans, ...resultCanaries])],
    resultLines: distinctiveLines(step.result, g.distinctiveLineMin, g.distinctiveLineMax),
    actionText: text,
    actionTokens: [...new Set([...emailsIn(text), ...argIbans, ...argCanaries])],
    spanNeedles: [...new Set(args.map((f) => f.value).filter((v) => v.length >= g.minSpanLength))],
  };
}
