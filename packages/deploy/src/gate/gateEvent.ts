import { okIssue, type JsonObject, type StepProvenance } from '@carb/episodes';
import { describeValue, parsedJsonIssue } from '@carb/io';
import type { ObservedResult, ProposedCall } from '@carb/replay';

/**
 * One stdin event of `carb gate`: a canonical episode step (a proposal and, if it is
 * allowed, its result, on one line), or a separate proposal or result event.
 */
export type GateEvent =
  | { kind: 'step'; call: ProposedCall; observed: ObservedResult }
  | { kind: 'proposal'; call: ProposedCall }
  | { kind: 'result'; observed: ObservedResult };

const STEP_KEYS = ['index', 'tool', 'args', 'result', 'error', 'ok', 'provenance', 'externalScore'];
const PROPOSAL_KEYS = ['type', 'index', 'tool', 'args', 'provenance', 'externalScore'];
const RESULT_KEYS = ['type', 'result', 'error', 'ok'];
const PROVENANCE_KEYS = ['branch', 'objects', 'outputs', 'inputs'];

/**
 * Parses stdin line `lineNo` (1-based) where the next proposal is step `step`. Throws one
 * line `stdin: line N: <key>: expected …, found …` for anything else.
 */
export function parseGateEvent(text: string, lineNo: number, step: number): GateEvent {
  const fail = (what: string): never => {
    throw new Error(`stdin: line ${lineNo}: ${what}`);
  };
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    return fail(`expected one JSON object (a step, or a {"type":"proposal"} / {"type":"result"} event), found a syntax error (${(e as Error).message})`);
  }
  // before anything recursive reads the event (canonical arguments, scoring)
  const limit = parsedJsonIssue(text, v);
  if (limit !== null) return fail(limit.message);
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return fail(`expected one JSON object (a step, or a {"type":"proposal"} / {"type":"result"} event), found ${describeValue(v)}`);
  const o = v as Record<string, unknown>;
  const bad = (key: string, expected: string): never => fail(`/${key}: expected ${expected}, found ${describeValue(o[key])}`);
  const only = (keys: readonly string[], shape: string): void => {
    const extra = Object.keys(o).find((k) => !keys.includes(k));
    if (extra !== undefined) fail(`/${extra}: unknown key for ${shape} (expected only ${keys.join(', ')})`);
  };
  const type = o.type;
  if (type !== undefined && type !== 'proposal' && type !== 'result') bad('type', '"proposal" or "result" (or no type: a canonical step)');
  if (type !== 'result') {
    only(type === 'proposal' ? PROPOSAL_KEYS : STEP_KEYS, type === 'proposal' ? 'a proposal event' : 'a step');
    if (o.index !== undefined && o.index !== step) bad('index', `${step} (the next proposal's step)`);
    if (typeof o.tool !== 'string' || o.tool === '') bad('tool', 'a non-empty tool name');
    if (o.args === null || typeof o.args !== 'object' || Array.isArray(o.args)) bad('args', 'an object of arguments');
    if (o.externalScore !== undefined && !(typeof o.externalScore === 'number' && o.externalScore >= 0 && o.externalScore <= 1)) bad('externalScore', 'a number in [0, 1]');
    const call: ProposedCall = {
      tool: o.tool as string, args: o.args as JsonObject,
      ...(o.provenance !== undefined ? { provenance: provenance(o.provenance, fail) } : {}),
      ...(o.externalScore !== undefined ? { externalScore: o.externalScore as number } : {}),
    };
    return type === 'proposal' ? { kind: 'proposal', call } : { kind: 'step', call, observed: observed(o, bad, fail) };
  }
  only(RESULT_KEYS, 'a result event');
  return { kind: 'result', observed: observed(o, bad, fail) };
}

function observed(o: Record<string, unknown>, bad: (key: string, expected: string) => never, fail: (what: string) => never): ObservedResult {
  if (typeof o.result !== 'string') bad('result', 'the visible result text (a string, "" when the tool failed)');
  if (o.error !== null && typeof o.error !== 'string') bad('error', 'null or the error text');
  // `ok` may be left out (it is derived from `error`); given, it obeys the canonical episodes' rule
  const ok = o.ok === undefined ? null : okIssue(o.ok, o.error);
  if (ok !== null) fail(`/ok: ${ok}`);
  return { result: o.result as string, error: o.error as string | null };
}

function provenance(p: unknown, fail: (what: string) => never): StepProvenance {
  if (p === null || typeof p !== 'object' || Array.isArray(p)) return fail(`/provenance: expected an object, found ${describeValue(p)}`);
  const o = p as Record<string, unknown>;
  for (const [k, x] of Object.entries(o)) {
    if (!PROVENANCE_KEYS.includes(k)) fail(`/provenance/${k}: unknown key (expected only ${PROVENANCE_KEYS.join(', ')})`);
    const ok = k === 'branch' ? typeof x === 'string' : Array.isArray(x) && x.every((s) => typeof s === 'string');
    if (!ok) fail(`/provenance/${k}: expected ${k === 'branch' ? 'a string' : 'an array of strings'}, found ${describeValue(x)}`);
  }
  return o as StepProvenance;
}
