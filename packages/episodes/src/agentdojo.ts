import { adaptRecord } from './adaptEach.ts';
import { canonicalize, stripBom } from '@carb/io';
import { AdapterError } from './problems.ts';
import { asOrdered, inCanonicalForm } from './order.ts';
import { FLAG_ONLY, toolFailure } from './toolFailure.ts';
import type { Episode, JsonObject, JsonValue, PolicyStep } from './types.ts';
import { countDropped, isObj, kindOf, type AdaptContext, type Obj } from './fields.ts';
import type { LogFormat } from './logFormat.ts';
import type { DecodeResult } from './jsonl.ts';

/** Error text of a call the log proposes but never executes (the run hit its step limit). */
export const NOT_EXECUTED = 'not executed: the run ended before this call returned a result';

// A tool call written as text: `<function=name>{...}` (Llama) or a JSON object naming a function.
const TEXT_CALL = /<function[=\s>]|"(?:name|function)"\s*:/;

// Top-level keys the adapter maps onto episode fields.
const MAPPED = new Set(['suite_name', 'user_task_id', 'injection_task_id', 'attack_type', 'injections', 'messages', 'error']);
// The other keys of AgentDojo's TaskResults, kept verbatim as benchmark fields. Any other key
// (an `api_key` a logger added) is dropped and counted, never copied into the corpus.
const BENCHMARK = new Set([
  'utility',
  'security',
  'duration',
  'pipeline_name',
  'agentdojo_package_version',
  'benchmark_version',
  'evaluation_timestamp',
]);
const KNOWN = new Set([...MAPPED, ...BENCHMARK]);

class Reader {
  constructor(readonly file: string) {}

  fail(pointer: string, reason: string, expected: string, found: unknown): never {
    throw new AdapterError(this.file, pointer || '/', reason, `expected ${expected}, found ${kindOf(found)}`);
  }

  object(v: unknown, pointer: string): Obj {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) this.fail(pointer, 'wrong-type', 'an object', v);
    return v as Obj;
  }

  key(o: Obj, key: string, pointer: string): unknown {
    if (!(key in o)) throw new AdapterError(this.file, `${pointer}/${key}`, 'missing-key', `expected key "${key}", found nothing`);
    return o[key];
  }

  string(o: Obj, key: string, pointer: string): string {
    const v = this.key(o, key, pointer);
    if (typeof v !== 'string') this.fail(`${pointer}/${key}`, 'wrong-type', 'a string', v);
    return v;
  }

  stringOrNull(o: Obj, key: string, pointer: string, optional = false): string | null {
    if (optional && !(key in o)) return null;
    const v = this.key(o, key, pointer);
    if (v !== null && typeof v !== 'string') this.fail(`${pointer}/${key}`, 'wrong-type', 'a string or null', v);
    return v;
  }

  boolean(o: Obj, key: string, pointer: string): boolean {
    const v = this.key(o, key, pointer);
    if (typeof v !== 'boolean') this.fail(`${pointer}/${key}`, 'wrong-type', 'a boolean', v);
    return v;
  }

  /** Message content: a string, null, or (v1.2.1) a list of `{type: "text", content}` blocks. */
  text(v: unknown, pointer: string): string {
    if (v === null || v === undefined) return '';
    if (typeof v === 'string') return v;
    if (!Array.isArray(v)) this.fail(pointer, 'wrong-type', 'a string, null or a list of text blocks', v);
    const parts: string[] = [];
    v.forEach((block, i) => {
      const b = this.object(block, `${pointer}/${i}`);
      const t = b.content ?? b.text ?? null;
      if (t !== null && typeof t !== 'string') this.fail(`${pointer}/${i}/content`, 'wrong-type', 'a string', t);
      parts.push(t ?? '');
    });
    // Joined the way AgentDojo flattens blocks to a string.
    return parts.join('\n');
  }
}

/**
 * The pipeline directory of `runs/<pipeline>/<suite>/<task>/<attack>/<injection|none>.json`,
 * when the file's path has that shape for this record; null otherwise.
 */
export function pipelineFromPath(
  file: string,
  suite: string,
  userTask: string,
  attack: string | null,
  injection: string | null,
): string | null {
  const segs = file.split(/[\\/]/);
  const n = segs.length;
  if (n < 5) return null;
  const ok =
    segs[n - 1] === `${injection ?? 'none'}.json` &&
    segs[n - 2] === (attack ?? 'none') &&
    segs[n - 3] === userTask &&
    segs[n - 4] === suite;
  const pipeline = segs[n - 5];
  return ok && pipeline ? pipeline : null;
}

interface Pending {
  step: number;
  id: string | null;
}

/**
 * Converts one decoded AgentDojo run log into a canonical Episode. Throws only
 * AdapterError (file, JSON pointer, expected vs found) on input it cannot read. Top-level
 * keys that are not AgentDojo's are left out, counted into `dropped`.
 */
export function adaptAgentDojo(raw: unknown, file: string, ctx: AdaptContext = {}): Episode {
  const ep = adaptRecord(raw, file, '', () => build(raw, file), ctx);
  countDropped(raw as Obj, KNOWN, ctx.dropped);
  return ep;
}

function build(raw: unknown, file: string): Episode {
  const r: Reader = new Reader(file);
  const root = r.object(raw, '');
  const suite = r.string(root, 'suite_name', '');
  const userTask = r.string(root, 'user_task_id', '');
  const injectionTask = r.stringOrNull(root, 'injection_task_id', '');
  const attack = r.stringOrNull(root, 'attack_type', '');
  const aborted = r.stringOrNull(root, 'error', '', true);
  const utility = r.boolean(root, 'utility', '');
  r.boolean(root, 'security', '');
  const injectionsRaw = r.object(r.key(root, 'injections', ''), '/injections');
  const injections: Record<string, string> = {};
  for (const k of Object.keys(injectionsRaw).sort()) {
    const v = injectionsRaw[k];
    if (typeof v !== 'string') r.fail(`/injections/${k}`, 'wrong-type', 'a string', v);
    injections[k] = v;
  }
  let model = pipelineFromPath(file, suite, userTask, attack, injectionTask);
  if (model === null) model = r.string(root, 'pipeline_name', '');

  const messages = r.key(root, 'messages', '');
  if (!Array.isArray(messages)) r.fail('/messages', 'wrong-type', 'an array', messages);
  const steps: PolicyStep[] = [];
  let pending: Pending[] = [];
  let assistantText = '';
  // The user's request is the first user message (every shared log has exactly one).
  let request: string | null = null;
  messages.forEach((m, i) => {
    const at = `/messages/${i}`;
    const msg = r.object(m, at);
    const role = r.string(msg, 'role', at);
    const content = r.text(msg.content, `${at}/content`);
    if (role === 'user' && request === null) request = content;
    if (role === 'system' || role === 'user') return;
    if (role === 'assistant') {
      assistantText += `${content}\n`;
      const calls = msg.tool_calls;
      if (calls === undefined || calls === null) return;
      if (!Array.isArray(calls)) r.fail(`${at}/tool_calls`, 'wrong-type', 'an array or null', calls);
      // Calls of an earlier turn that never got results stay unexecuted.
      pending = [];
      calls.forEach((c, j) => {
        const cp = `${at}/tool_calls/${j}`;
        const call = r.object(c, cp);
        const tool = r.string(call, 'function', cp);
        if (tool === '') r.fail(`${cp}/function`, 'wrong-type', 'a non-empty tool name', tool);
        const args = r.object(r.key(call, 'args', cp), `${cp}/args`);
        const id = r.stringOrNull(call, 'id', cp, true);
        pending.push({ step: steps.length, id });
        steps.push({ index: steps.length, tool, args: inCanonicalForm(args as JsonObject), result: '', error: NOT_EXECUTED, ok: false });
      });
      return;
    }
    if (role === 'tool') {
      const callId = r.stringOrNull(msg, 'tool_call_id', at, true);
      // AgentDojo's runtime records every failure in `error`; content is tool data (maybe injected).
      const error = toolFailure(r.stringOrNull(msg, 'error', at, true), content, FLAG_ONLY);
      // Pair by id when both sides carry one, else by order (v1.2.1 logs have null ids).
      let k = callId === null ? -1 : pending.findIndex((p) => p.id === callId);
      if (k < 0) k = 0;
      const p = pending[k];
      if (p === undefined)
        throw new AdapterError(
          file,
          at,
          'unpaired-result',
          'expected a tool result after an assistant tool call, found a result with no pending call',
        );
      pending.splice(k, 1);
      const s = steps[p.step]!;
      steps[p.step] = { index: s.index, tool: s.tool, args: s.args, result: content, error, ok: error === null };
      return;
    }
    r.fail(`${at}/role`, 'wrong-type', 'one of "system", "user", "assistant", "tool"', role);
  });

  const benchmark: JsonObject = {};
  for (const k of Object.keys(root)) if (BENCHMARK.has(k)) benchmark[k] = root[k] as JsonValue;
  const id = `${model}/${suite}/${userTask}/${attack ?? 'none'}/${injectionTask ?? 'none'}`;
  // built in encoder form (orderEpisode's key order, args and benchmark canonicalized, injections
  // sorted): digesting 2,587 logs then skips a copy of each
  return asOrdered({
    id,
    group: id,
    source: { format: 'agentdojo', file, model, suite, userTask, injectionTask, attack },
    request,
    steps,
    outcome: { taskCompleted: utility, completedAtStep: null },
    benchmark: canonicalize(benchmark),
    injections,
    flags: { aborted, textOnlyCalls: steps.length === 0 && TEXT_CALL.test(assistantText) },
    externalScores: null,
  });
}

/** Parses and adapts the text of one AgentDojo run file; throws only AdapterError. */
export function parseAgentDojo(text: string, file: string, ctx: AdaptContext = {}): Episode {
  let raw: unknown;
  text = stripBom(text);
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new AdapterError(file, null, 'malformed-json', `expected JSON, found malformed text (${(e as Error).message})`);
  }
  return adaptAgentDojo(raw, file, { text, ...ctx });
}

const one = (ep: Episode): DecodeResult => ({ episodes: [ep], problems: [], skipped: {} });

/**
 * AgentDojo run files: an object with any one AgentDojo key, so that a damaged run file gets
 * the adapter's precise missing-key line (a tau2 `simulations` list wins: tau2 is told first).
 */
export const AGENTDOJO: LogFormat<'agentdojo'> = {
  name: 'agentdojo',
  detect: (raw) =>
    isObj(raw) && !Array.isArray(raw.simulations) && ('suite_name' in raw || 'user_task_id' in raw || 'pipeline_name' in raw),
  schema: null,
  decode: (raw, file, ctx) => one(adaptAgentDojo(raw, file, ctx)),
  decodeText: (text, file, dropped) => one(parseAgentDojo(text, file, { dropped })),
};
