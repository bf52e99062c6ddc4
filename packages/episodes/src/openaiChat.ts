import { canonicalize, parsedJsonIssue } from '@carb/io';
import { adaptEach, adaptRecord } from './adaptEach.ts';
import { countDropped, Fields, fileStem, isObj, type AdaptContext, type Obj } from './fields.ts';
import type { DecodeResult } from './jsonl.ts';
import { AdapterError } from './problems.ts';
import { FLAG_ONLY, toolFailure } from './toolFailure.ts';
import { ToolSteps } from './toolSteps.ts';
import type { Episode, JsonObject, JsonValue, PolicyStep } from './types.ts';
import type { LogFormat } from './logFormat.ts';

/** The error text of a tool message, or null when the call succeeded. */
export type ToolErrorOf = (msg: Obj, content: string, pointer: string) => string | null;

/** Message content: a string, null, or a list of `{type: "text", text}` parts. */
function text(f: Fields, v: unknown, pointer: string): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  return f
    .array(v, pointer)
    .map((part, i) => {
      const p = f.object(part, `${pointer}/${i}`);
      return p.type === 'text' ? f.string(p.text, `${pointer}/${i}/text`) : '';
    })
    .join('\n');
}

// Arguments as the API sends them, a JSON string (some loggers store the parsed object).
function args(f: Fields, v: unknown, pointer: string): JsonObject {
  if (typeof v !== 'string') return f.object(v, pointer) as JsonObject;
  let parsed: unknown;
  try {
    parsed = JSON.parse(v);
  } catch {
    throw new AdapterError(f.file, pointer, 'malformed-arguments', 'expected the arguments as a JSON object string, found malformed JSON');
  }
  // a string the record walk could not look into
  const limit = parsedJsonIssue(v, parsed, { depth: 3 });
  if (limit !== null) throw new AdapterError(f.file, pointer, limit.reason, limit.message);
  return f.object(parsed, pointer) as JsonObject;
}

/**
 * Steps and request of OpenAI chat-completions messages: assistant `tool_calls`
 * ({id, function: {name, arguments}}) paired by id with `role: "tool"` results
 * (`tool_call_id`). The request is the first user message.
 */
export function openAiChatSteps(
  f: Fields,
  messages: unknown,
  pointer: string,
  errorOf: ToolErrorOf,
): { request: string | null; steps: PolicyStep[] } {
  const steps = new ToolSteps(f.file);
  let request: string | null = null;
  f.array(messages, pointer).forEach((m, i) => {
    const mp = `${pointer}/${i}`;
    const msg = f.object(m, mp);
    const role = f.string(msg.role, `${mp}/role`);
    const content = text(f, msg.content, `${mp}/content`);
    if (role === 'tool') {
      steps.result(f.id(msg.tool_call_id, `${mp}/tool_call_id`), content, errorOf(msg, content, mp), mp);
      return;
    }
    if (role === 'user' && request === null) request = content;
    if (role === 'system' || role === 'developer' || role === 'user') return;
    if (role !== 'assistant') f.fail(`${mp}/role`, 'one of "system", "developer", "user", "assistant", "tool"', role);
    if (msg.tool_calls === undefined || msg.tool_calls === null) return;
    f.array(msg.tool_calls, `${mp}/tool_calls`).forEach((c, j) => {
      const cp = `${mp}/tool_calls/${j}`;
      const call = f.object(c, cp);
      const fn = f.object(call.function, `${cp}/function`);
      steps.call(
        f.id(call.id, `${cp}/id`),
        f.string(fn.name, `${cp}/function/name`),
        args(f, fn.arguments, `${cp}/function/arguments`),
        cp,
      );
    });
  });
  return { request, steps: steps.steps };
}

const MAPPED = new Set(['id', 'messages', 'taskCompleted']);
// kept verbatim in `benchmark`; any other top-level key is dropped and counted, never copied
const BENCHMARK = new Set(['model']);
const KNOWN = new Set([...MAPPED, ...BENCHMARK]);

/**
 * One generic chat log record {id?, messages[], taskCompleted?, model?} as an episode. Chat
 * logs carry no outcome: `taskCompleted` (boolean) is read when the logger wrote it,
 * else false. `model` is kept verbatim in `benchmark`; other top-level keys are left out,
 * counted into `dropped`.
 */
export function adaptOpenAiChat(raw: unknown, file: string, pointer: string, fallbackId: string, ctx: AdaptContext = {}): Episode {
  const ep = adaptRecord(raw, file, pointer, () => build(raw, file, pointer, fallbackId), ctx);
  countDropped(raw as Obj, KNOWN, ctx.dropped);
  return ep;
}

function build(raw: unknown, file: string, pointer: string, fallbackId: string): Episode {
  const f = new Fields(file);
  const rec = f.object(raw, pointer);
  const id = rec.id === undefined || rec.id === null ? fallbackId : f.id(rec.id, `${pointer}/id`);
  const done: unknown = rec.taskCompleted ?? false;
  if (typeof done !== 'boolean') return f.fail(`${pointer}/taskCompleted`, 'a boolean', done);
  // The chat format has no error channel; a logger may add `error` (a string) to the tool message.
  const { request, steps } = openAiChatSteps(f, rec.messages, `${pointer}/messages`, (msg, content, p) =>
    toolFailure(f.optString(msg.error, `${p}/error`), content, FLAG_ONLY),
  );
  const extra = Object.keys(rec)
    .filter((k) => BENCHMARK.has(k))
    .sort();
  const benchmark: JsonObject | null = extra.length === 0 ? null : Object.fromEntries(extra.map((k) => [k, rec[k] as JsonValue]));
  return {
    id,
    group: id,
    source: {
      format: 'openai-chat',
      file,
      model: typeof rec.model === 'string' ? rec.model : null,
      suite: null,
      userTask: null,
      injectionTask: null,
      attack: null,
    },
    request,
    steps,
    outcome: { taskCompleted: done, completedAtStep: null },
    benchmark: benchmark === null ? null : canonicalize(benchmark),
    injections: {},
    flags: { aborted: null, textOnlyCalls: false },
    externalScores: null,
  };
}

/**
 * Episodes of an OpenAI chat log file: JSONL, one record per line (blank lines
 * ignored). A line that is not JSON or does not adapt is one problem (`line N`) and
 * is skipped. Records without an id get `<file stem>/line-N`.
 */
export function parseOpenAiChatJsonl(text: string, file: string, dropped?: AdaptContext['dropped']): DecodeResult {
  const lines = text
    .split('\n')
    .map((line, i) => ({ line, n: i + 1 }))
    .filter((l) => l.line.trim() !== '');
  const stem = fileStem(file);
  return adaptEach(lines, ({ line, n }) => {
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      throw new AdapterError(file, `line ${n}`, 'malformed-json', 'expected one JSON chat record per line, found malformed JSON');
    }
    return adaptOpenAiChat(raw, file, `line ${n}`, `${stem}/line-${n}`, { dropped, text: line });
  });
}

function chatRecords(raw: unknown, file: string, ctx: AdaptContext): DecodeResult {
  const stem = fileStem(file);
  if (Array.isArray(raw)) return adaptEach(raw, (r, i) => adaptOpenAiChat(r, file, `/${i}`, `${stem}/${i}`, ctx));
  return adaptEach([raw], (r) => adaptOpenAiChat(r, file, '', stem, ctx));
}

// A chat log is JSONL, or one JSON record, or a JSON list of records.
function chatText(text: string, file: string, dropped: NonNullable<AdaptContext['dropped']>): DecodeResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return parseOpenAiChatJsonl(text, file, dropped);
  }
  return chatRecords(raw, file, { dropped, text });
}

const hasMessages = (v: unknown): boolean => isObj(v) && Array.isArray(v.messages);

/** OpenAI chat-completions logs: records with a `messages` list, one per JSONL line, or one JSON record or a list of them. */
export const OPENAI_CHAT: LogFormat<'openai-chat'> = {
  name: 'openai-chat',
  detect: (raw) => hasMessages(Array.isArray(raw) ? raw[0] : raw),
  // a carb corpus line has steps; a chat record has messages and none
  detectLine: (rec) => rec !== null && typeof rec === 'object' && 'messages' in rec && !('steps' in rec),
  schema: null,
  decode: chatRecords,
  decodeText: chatText,
};
