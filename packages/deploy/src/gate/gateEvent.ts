import { okIssue, type JsonObject, type StepProvenance } from '@carb/episodes';
import { carbPath, describeValue, parsedJsonIssue, schemaIssues, schemaValidator } from '@carb/io';
import type { ObservedResult, ProposedCall } from '@carb/replay';

/**
 * One stdin event of `carb gate`: a canonical episode step (a proposal and, if it is
 * allowed, its result, on one line), or a separate proposal or result event.
 */
export type GateEvent =
  | { kind: 'step'; call: ProposedCall; observed: ObservedResult }
  | { kind: 'proposal'; call: ProposedCall }
  | { kind: 'result'; observed: ObservedResult };

/** configs/schema/gate-event.schema.json, the contract of a `carb gate` stdin line. */
export const GATE_EVENT_SCHEMA_PATH = carbPath('configs/schema/gate-event.schema.json');

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
    return fail(
      `expected one JSON object (a step, or a {"type":"proposal"} / {"type":"result"} event), found a syntax error (${(e as Error).message})`,
    );
  }
  // before anything recursive reads the event (canonical arguments, scoring)
  const limit = parsedJsonIssue(text, v);
  if (limit !== null) return fail(limit.message);
  // the event's shape is the schema's (one line per problem, `/: ` dropped for the event as a whole)
  const issues = schemaIssues(schemaValidator(GATE_EVENT_SCHEMA_PATH), v);
  if (issues.length) return fail(issues.map((i) => i.replace(/^\/: /, '')).join(`\nstdin: line ${lineNo}: `));
  const o = v as Record<string, unknown>;
  const bad = (key: string, expected: string): never => fail(`/${key}: expected ${expected}, found ${describeValue(o[key])}`);
  const type = o.type;
  if (type !== 'result') {
    if (o.index !== undefined && o.index !== step) bad('index', `${step} (the next proposal's step)`);
    const call: ProposedCall = {
      tool: o.tool as string,
      args: o.args as JsonObject,
      ...(o.provenance !== undefined ? { provenance: o.provenance as StepProvenance } : {}),
      ...(o.externalScore !== undefined ? { externalScore: o.externalScore as number } : {}),
    };
    return type === 'proposal' ? { kind: 'proposal', call } : { kind: 'step', call, observed: observed(o, fail) };
  }
  return { kind: 'result', observed: observed(o, fail) };
}

function observed(o: Record<string, unknown>, fail: (what: string) => never): ObservedResult {
  // `ok` may be left out (it is derived from `error`); given, it obeys the canonical episodes' rule
  const ok = o.ok === undefined ? null : okIssue(o.ok, o.error);
  if (ok !== null) fail(`/ok: ${ok}`);
  return { result: o.result as string, error: o.error as string | null };
}
