import { canonicalize } from '@carb/io';
import type { Episode, JsonObject, JsonValue, PolicyStep, StepProvenance } from './types.ts';

function orderProvenance(p: StepProvenance): StepProvenance {
  const out: StepProvenance = {};
  if (p.branch !== undefined) out.branch = p.branch;
  if (p.objects !== undefined) out.objects = [...p.objects];
  if (p.outputs !== undefined) out.outputs = [...p.outputs];
  if (p.inputs !== undefined) out.inputs = [...p.inputs];
  return out;
}

const STEP_KEYS = ['index', 'tool', 'args', 'result', 'error', 'ok', 'provenance'] as const;
const PROVENANCE_KEYS = ['branch', 'objects', 'outputs', 'inputs'] as const;
/** Integer-like keys enumerate first whatever the insertion order: such objects take the slow path. */
const INTEGER_LIKE = /^\d+$/;

/** True when `v` enumerates exactly as its canonicalize copy would (string keys ascending, at every depth). */
export function isCanonical(v: unknown): boolean {
  if (v === null || typeof v !== 'object') return v !== undefined;
  if (Array.isArray(v)) return v.every(isCanonical);
  let prev: string | null = null;
  for (const k in v) {
    if (INTEGER_LIKE.test(k) || (prev !== null && !(prev < k)) || !isCanonical((v as Record<string, unknown>)[k])) return false;
    prev = k;
  }
  return true;
}

/**
 * `v` in canonicalize's form: `v` itself when it is in that form already (isCanonical: a parsed log's
 * tool arguments mostly are: 7,533 of the shared AgentDojo runs' 9,968 calls), otherwise
 * canonicalize's copy. For values nothing mutates later, as an episode's are.
 */
export function inCanonicalForm<T extends JsonValue>(v: T): T {
  return isCanonical(v) ? v : canonicalize(v);
}

/** True when the object's keys are, in order, a subsequence of `order` holding every key of `required`, none undefined. */
function keysInOrder(o: object, order: readonly string[], required: number): boolean {
  let at = 0;
  let n = 0;
  for (const k in o) {
    while (at < order.length && order[at] !== k) at++;
    if (at === order.length || (o as Record<string, unknown>)[k] === undefined) return false;
    if (at < required && n !== at) return false;
    at++;
    n++;
  }
  return n >= required;
}

/** A decoded carb-written step is already in encoder form: reuse it rather than copy 2·10⁷ steps of a large corpus. */
function stepInOrder(s: PolicyStep): boolean {
  return (
    keysInOrder(s, STEP_KEYS, 6) && isCanonical(s.args) && (s.provenance === undefined || keysInOrder(s.provenance, PROVENANCE_KEYS, 0))
  );
}

function orderStep(s: PolicyStep): PolicyStep {
  if (stepInOrder(s)) return s;
  const args = canonicalize(s.args);
  // two literals, not a spread: every decoded step passes here (2·10⁷ of them in a 10⁶-episode corpus)
  return s.provenance === undefined
    ? { index: s.index, tool: s.tool, args, result: s.result, error: s.error, ok: s.ok }
    : { index: s.index, tool: s.tool, args, result: s.result, error: s.error, ok: s.ok, provenance: orderProvenance(s.provenance) };
}

function sortedRecord(r: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of Object.keys(r).sort()) out[k] = r[k]!;
  return out;
}

/** Episodes orderEpisode built: already in encoder form (readers decode into it), so hashing them needs no second pass. */
const ORDERED = new WeakSet<Episode>();

/** True when `ep` came out of orderEpisode (and so is in encoder form, key order included). */
export function isOrdered(ep: Episode): boolean {
  return ORDERED.has(ep);
}

/**
 * `ep`, recorded as already in encoder form: for an adapter that builds that form itself (keys in
 * schema order, JSON values canonicalized), so its episodes are hashed without orderEpisode's copy.
 * Its test compares the adapter's encoderText with that of orderEpisode's copy.
 */
export function asOrdered(ep: Episode): Episode {
  ORDERED.add(ep);
  return ep;
}

/**
 * The episode rebuilt with a fixed key order (schema order; JSON values with sorted
 * keys). Every encoder writes this form, which makes output byte-deterministic.
 */
export function orderEpisode(ep: Episode): Episode {
  const ordered = build(ep);
  ORDERED.add(ordered);
  return ordered;
}

function build(ep: Episode): Episode {
  const s = ep.source;
  return {
    id: ep.id,
    group: ep.group,
    source: {
      format: s.format,
      file: s.file,
      model: s.model,
      suite: s.suite,
      userTask: s.userTask,
      injectionTask: s.injectionTask,
      attack: s.attack,
    },
    // absent in JSONL written before the field existed (and in what carb writes for null)
    request: ep.request ?? null,
    steps: ep.steps.map(orderStep),
    outcome: { taskCompleted: ep.outcome.taskCompleted, completedAtStep: ep.outcome.completedAtStep },
    benchmark: ep.benchmark === null ? null : canonicalize<JsonObject>(ep.benchmark),
    injections: sortedRecord(ep.injections),
    flags: { aborted: ep.flags.aborted, textOnlyCalls: ep.flags.textOnlyCalls },
    externalScores: ep.externalScores === null ? null : [...ep.externalScores],
  };
}
