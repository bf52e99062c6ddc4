import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Int64, Schema, Table, tableFromIPC, tableToIPC, vectorFromArray, type Vector } from 'apache-arrow';
import {
  AdapterError,
  decodeArrow,
  decodeDocument,
  decodeJsonl,
  encodeArrow,
  episodeToJsonLine,
  orderEpisode,
  type DecodeResult,
  type Episode,
} from '@carb/episodes';
import { seededRandom, type Rng } from '@carb/io';
import { ARROW_SHA_PLACEHOLDER, arrowFileSha256, arrowShaOffset } from '../../packages/episodes/src/arrowSha.ts';
import { ARROW_CORPUS_KEY, LinesDigest, corpusHeaderText } from '../../packages/episodes/src/corpusHeader.ts';
import { ROOT } from './shared.ts';

/**
 * Issue 21's fuzz test over every adapter: seeded mutations of a small valid input, each read
 * by the adapter, and classified as a clean error (one line naming the file, and the record when
 * the file holds several), accepted (every copied value equal to the input's), a crash (anything
 * else thrown, a stack trace, a multi-line message) or a silent change (accepted with a copied
 * value that differs from the input's). The checks below are the test's own, written from the
 * formats, not carb's readers.
 */

export const ADAPTERS = ['agentdojo', 'tau2', 'tau-bench', 'openai-chat', 'jsonl', 'arrow'] as const;
export type FuzzAdapter = (typeof ADAPTERS)[number];

export interface FuzzCounts {
  clean: number;
  accepted: number;
  crash: number;
  silent: number;
  /** A few crash and silent cases: what happened, for the failure message. */
  examples: string[];
  /** How often each mutation kind was drawn. */
  kinds: Record<string, number>;
}

// --- seeds (the shapes of packages/episodes/test/logFuzz.test.ts and fuzz.test.ts) ---------------

const AGENTDOJO = readFileSync(
  join(ROOT, 'packages/episodes/test/fixtures/runs/fixture-model/banking/user_task_0/important_instructions/injection_task_0.json'),
  'utf8',
);
const TAU2 = {
  info: { agent_info: { llm: 'm' }, environment_info: { domain_name: 'airline' } },
  simulations: [1, 2].map((n) => ({
    id: `s${n}`,
    task_id: String(n),
    trial: 0,
    termination_reason: 'user_stop',
    reward_info: { reward: 1, db_check: { db_match: true } },
    messages: [
      { role: 'user', content: 'cancel ABC', tool_calls: null },
      {
        role: 'assistant',
        content: '',
        tool_calls: [
          { id: 'a', name: 'get_reservation_details', arguments: { reservation_id: 'ABC', n: 3 } },
          { id: 'b', name: 'cancel_reservation', arguments: { reservation_id: 'ABC' } },
        ],
      },
      { role: 'tool', id: 'b', content: '{}', error: false },
      { role: 'tool', id: 'a', content: 'Error: x', error: true },
    ],
  })),
};
const CHAT_MESSAGES = [
  { role: 'system', content: 'policy' },
  { role: 'user', content: [{ type: 'text', text: 'book' }] },
  {
    role: 'assistant',
    content: null,
    tool_calls: [{ id: 'c', type: 'function', function: { name: 'book_reservation', arguments: '{"user_id":"u","flights":[1],"n":2}' } }],
  },
  { role: 'tool', tool_call_id: 'c', name: 'book_reservation', content: 'Error: no seats' },
];
const TAU_BENCH = [0, 1].map((t) => ({
  task_id: 0,
  trial: t,
  reward: 0,
  info: { reward_info: { info: { r_actions: 0 } } },
  traj: CHAT_MESSAGES,
}));
const CHAT = [
  { id: 'r1', model: 'm', taskCompleted: true, messages: CHAT_MESSAGES },
  { id: 'r2', messages: CHAT_MESSAGES },
];
const EPISODE = (id: string): Episode => ({
  id,
  group: `g-${id}`,
  source: { format: 'jsonl', file: 'x.json', model: 'm', suite: 's', userTask: 'u', injectionTask: null, attack: null },
  request: 'do it',
  steps: [
    {
      index: 0,
      tool: 'read',
      args: { path: 'a', n: 7, deep: { list: [1, 2.5, 'x'] } },
      result: 'r',
      error: null,
      ok: true,
      provenance: { branch: 'b', objects: ['o'] },
    },
    { index: 1, tool: 'send', args: { to: 'x' }, result: '', error: 'denied', ok: false },
  ],
  outcome: { taskCompleted: true, completedAtStep: 1 },
  benchmark: { utility: true, score: 0.5 },
  injections: { v: 'text' },
  flags: { aborted: null, textOnlyCalls: false },
  externalScores: [0.1, 0.9],
});
const JSONL = [EPISODE('e1'), EPISODE('e2')];

// --- mutations --------------------------------------------------------------------------------

type Path = Array<string | number>;
/** A parent a mutation edits in place: an object or an array, by key or index. */
type Parent = Record<string | number, unknown>;
/**
 * Parsed JSON read field by field, as the oracle reads an input record: any member may be absent
 * or of any type, and a member read from a non-object fails at run time as it would in carb.
 * Values only leave it as `unknown` (compared, or turned to text with String like carb does).
 */
interface Loose {
  readonly [k: string]: Loose | null | undefined;
}
/** Text of a decoded JSON value as carb builds ids from it (String of whatever the input held). */
const idText = (v: unknown): string => String(v);
/** A placeholder a mutation puts in the value; replaced by raw JSON text after serializing. */
const RAW = (i: number) => `@@RAW${i}@@`;

function paths(v: unknown, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v !== null && typeof v === 'object') for (const k of Object.keys(v)) paths((v as Record<string, unknown>)[k], [...at, k], out);
  return out;
}

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
const nested = (k: number) => `${'{"a":'.repeat(k)}1${'}'.repeat(k)}`;
const JUNK: unknown[] = [null, true, false, 0, -3, 17, '', 'x', [], {}, '{"a":', [{ type: 'text' }], { role: 'tool' }];
const RAW_TEXTS = {
  deep: [nested(10), nested(995), nested(1000), nested(1001), nested(5000), `${'['.repeat(5000)}${']'.repeat(5000)}`],
  nonfinite: ['1e999', '-1e400', '1e308', '2.5e-400'],
  hugeint: ['576460752303426024', '9007199254740993', '9007199254740992', '-12345678901234567890', '1e20'],
};
const BAD_BYTES = [[0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xc0, 0xaf]];
const IDS = [' ', '', '\t', 'a\nb', 'x\r', 'ok-id'];

type Kind =
  'drop' | 'replace' | 'deep' | 'nonfinite' | 'hugeint' | 'blankid' | 'unknown' | 'okerror' | 'completed' | 'utf8' | 'bom' | 'truncate';
const VALUE_KINDS: Kind[] = ['drop', 'replace', 'deep', 'nonfinite', 'hugeint', 'blankid', 'unknown', 'okerror', 'completed'];
const BYTE_KINDS: Kind[] = ['utf8', 'bom', 'truncate'];

interface Mutated {
  value: unknown;
  raws: string[];
  kinds: Kind[];
}

function setAt(root: unknown, path: Path, f: (parent: Parent, key: string | number) => void): unknown {
  if (path.length === 0) return root;
  let cur: unknown = root;
  for (const k of path.slice(0, -1)) {
    if (cur === null || typeof cur !== 'object') return root;
    cur = (cur as Parent)[k];
  }
  if (cur !== null && typeof cur === 'object') f(cur as Parent, path[path.length - 1]!);
  return root;
}

/** The record objects of a seed: where top-level fields of a record live. */
function records(adapter: FuzzAdapter, v: unknown): Record<string, unknown>[] {
  const objs = (xs: unknown) =>
    (Array.isArray(xs) ? xs.filter((x) => x !== null && typeof x === 'object' && !Array.isArray(x)) : []) as Record<string, unknown>[];
  if (v === null || typeof v !== 'object') return [];
  if (adapter === 'tau2') return objs((v as { simulations?: unknown }).simulations);
  if (adapter === 'agentdojo') return Array.isArray(v) ? [] : [v as Record<string, unknown>];
  return objs(v);
}

function mutateValue(adapter: FuzzAdapter, seed: unknown, rng: Rng, n: number): Mutated {
  let value = structuredClone(seed);
  const raws: string[] = [];
  const kinds: Kind[] = [];
  for (let m = 0; m < n; m++) {
    const kind = pick(rng, VALUE_KINDS);
    kinds.push(kind);
    const ps = paths(value);
    const path = pick(rng, ps);
    const put = (x: unknown) => {
      if (path.length === 0) value = x;
      else
        setAt(value, path, (p, k) => {
          p[k] = x;
        });
    };
    const raw = (text: string) => {
      raws.push(text);
      put(RAW(raws.length - 1));
    };
    if (kind === 'drop')
      setAt(value, path, (p, k) => {
        if (Array.isArray(p)) p.splice(k as number, 1);
        else Reflect.deleteProperty(p, k);
      });
    else if (kind === 'replace') put(structuredClone(pick(rng, JUNK)));
    else if (kind === 'deep' || kind === 'nonfinite' || kind === 'hugeint') raw(pick(rng, RAW_TEXTS[kind]));
    else if (kind === 'blankid') {
      const idPaths = ps.filter((p) => /(^id$|_id$|^id$|task_id|^name$|^function$|^tool$|^group$)/.test(String(p[p.length - 1])));
      if (idPaths.length > 0)
        setAt(value, pick(rng, idPaths), (p, k) => {
          p[k] = pick(rng, IDS);
        });
    } else if (kind === 'unknown') {
      const rs = records(adapter, value);
      if (rs.length > 0)
        pick(rng, rs)[pick(rng, ['api_key', 'secret', 'extra'])] = pick(rng, ['sk-canary-21', 7, { nested: 'sk-canary-21' }]);
    } else if (kind === 'okerror') {
      const ps2 = ps.filter((p) => ['ok', 'error'].includes(String(p[p.length - 1])));
      if (ps2.length > 0)
        setAt(value, pick(rng, ps2), (p, k) => {
          p[k] = k === 'ok' ? !p[k] : pick(rng, ['boom', null, true, false]);
        });
    } else {
      const ps2 = ps.filter((p) => String(p[p.length - 1]) === 'completedAtStep');
      if (ps2.length > 0)
        setAt(value, pick(rng, ps2), (p, k) => {
          p[k] = pick(rng, [0, 1, 2, 5, -1, null]);
        });
    }
  }
  return { value, raws, kinds };
}

/** JSON text of a mutated value, its placeholders replaced by their raw text. */
function withRaws(text: string, raws: readonly string[]): string {
  return text.replace(/"@@RAW(\d+)@@"/g, (_, i: string) => raws[Number(i)]!);
}

function mutateBytes(bytes: Buffer, rng: Rng, kind: Kind): Buffer {
  if (kind === 'bom') return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]);
  if (kind === 'truncate') return bytes.subarray(0, Math.floor(rng() * bytes.length));
  // inside a string where possible: after a letter
  const letters: number[] = [];
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! >= 0x61 && bytes[i]! <= 0x7a) letters.push(i);
  const at = letters.length > 0 ? pick(rng, letters) + 1 : 0;
  return Buffer.concat([bytes.subarray(0, at), Buffer.from(pick(rng, BAD_BYTES)), bytes.subarray(at)]);
}

// --- reading and classifying ----------------------------------------------------------------

const SEEDS: Record<Exclude<FuzzAdapter, 'arrow'>, unknown> = {
  agentdojo: JSON.parse(AGENTDOJO),
  tau2: TAU2,
  'tau-bench': TAU_BENCH,
  'openai-chat': CHAT,
  jsonl: JSONL,
};
const FILE: Record<FuzzAdapter, string> = {
  agentdojo: 'fuzz.json',
  tau2: 'fuzz.json',
  'tau-bench': 'fuzz.json',
  'openai-chat': 'fuzz.jsonl',
  jsonl: 'fuzz.jsonl',
  arrow: 'fuzz.arrow',
};

/** The input's text as a JSON reader would serialize the mutated value: a document, or one line per record. */
function serialize(adapter: FuzzAdapter, m: Mutated): string {
  const lines = adapter === 'jsonl' || adapter === 'openai-chat';
  if (lines && Array.isArray(m.value)) return m.value.map((r) => withRaws(stringifyOrNull(r), m.raws)).join('\n') + '\n';
  return withRaws(stringifyOrNull(m.value), m.raws);
}

/** JSON text of a value, `null` for undefined (which JSON.stringify returns undefined for, whatever its type says). */
function stringifyOrNull(v: unknown): string {
  return v === undefined ? 'null' : JSON.stringify(v);
}

function read(adapter: FuzzAdapter, bytes: Uint8Array): DecodeResult {
  const file = FILE[adapter];
  if (adapter === 'jsonl') return decodeJsonl(bytes, file);
  if (adapter === 'arrow') return decodeArrow(bytes, file);
  return decodeDocument(bytes, file, adapter === 'agentdojo' ? 'json' : adapter);
}

/** Why a problem or refusal line is not clean (one line naming the file, no trace of a crash); null when clean. */
function unclean(file: string, line: string): string | null {
  if (line.includes('\n')) return 'a multi-line message';
  if (/Maximum call stack|TypeError|RangeError|ReferenceError|\bat .*\(.*:\d+:\d+\)/.test(line))
    return `a crash message: ${line.slice(0, 200)}`;
  if (!line.startsWith(`${file}: `)) return `a line not naming the file: ${line.slice(0, 200)}`;
  return null;
}

/** Deep equality without recursion (accepted values are up to 1,000 deep); keys in any order. */
export function sameJson(a: unknown, b: unknown): boolean {
  const stack: Array<[unknown, unknown]> = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop()!;
    if (x === y) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    const kx = Object.keys(x);
    const ky = Object.keys(y);
    if (kx.length !== ky.length) return false;
    for (const k of kx) {
      if (!Object.prototype.hasOwnProperty.call(y, k)) return false;
      stack.push([(x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k]]);
    }
  }
  return true;
}

/** Every string of a value (iteratively). */
function strings(v: unknown, out: string[] = []): string[] {
  const stack = [v];
  while (stack.length > 0) {
    const x = stack.pop();
    if (typeof x === 'string') out.push(x);
    else if (x !== null && typeof x === 'object')
      for (const k of Object.keys(x)) {
        out.push(k);
        stack.push((x as Record<string, unknown>)[k]);
      }
  }
  return out;
}

function numbers(v: unknown): number[] {
  const out: number[] = [];
  const stack = [v];
  while (stack.length > 0) {
    const x = stack.pop();
    if (typeof x === 'number') out.push(x);
    else if (x !== null && typeof x === 'object') for (const k of Object.keys(x)) stack.push((x as Record<string, unknown>)[k]);
  }
  return out;
}

/** The integers the input writes that JSON numbers cannot hold: literal text → the number JSON.parse makes of it. */
function roundedLiterals(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/-?\d{16,}(?![\d.eE])/g)) if (BigInt(Number(m[0])) !== BigInt(m[0])) out.push(Number(m[0]));
  return out;
}

// The calls of a chat log in order: [tool, args] (arguments a JSON string or an object).
function chatCalls(
  messages: unknown,
  nameOf: (c: Loose) => unknown,
  argsOf: (c: Loose) => unknown,
  agentOnly = true,
): Array<[unknown, unknown]> {
  const out: Array<[unknown, unknown]> = [];
  if (!Array.isArray(messages)) return out;
  for (const m of messages as unknown[]) {
    if (m === null || typeof m !== 'object') continue;
    const msg = m as Loose;
    if (!Array.isArray(msg.tool_calls)) continue;
    const role: unknown = msg.role;
    if (agentOnly && role !== 'assistant') continue;
    for (const c of msg.tool_calls as Loose[]) {
      let args = argsOf(c);
      if (typeof args === 'string') args = JSON.parse(args);
      out.push([nameOf(c), args]);
    }
  }
  return out;
}

/**
 * The values carb copies from input record `r` into episode `ep`, each compared with the input's
 * (null when all equal): ids and names, tool names and arguments of every step in call order,
 * outcome and benchmark values.
 */
function copiedDifference(adapter: FuzzAdapter, r: Loose, ep: Episode): string | null {
  const diffs: string[] = [];
  const eq = (what: string, a: unknown, b: unknown) => {
    if (!sameJson(a, b)) diffs.push(what);
  };
  const steps = (calls: Array<[unknown, unknown]>) => {
    eq('step count', ep.steps.length, calls.length);
    ep.steps.forEach((s, i) => {
      eq(`/steps/${i}/tool`, s.tool, calls[i]?.[0]);
      eq(`/steps/${i}/args`, s.args, calls[i]?.[1]);
    });
  };
  if (adapter === 'jsonl' || adapter === 'arrow') {
    const { request, ...rest } = ep;
    const { request: rRequest, ...rRest } = r;
    eq('request', request, rRequest ?? null);
    eq('episode', rest, rRest);
  } else if (adapter === 'agentdojo') {
    eq('/suite', ep.source.suite, r.suite_name);
    eq('/userTask', ep.source.userTask, r.user_task_id);
    eq('/injectionTask', ep.source.injectionTask, r.injection_task_id);
    eq('/attack', ep.source.attack, r.attack_type);
    eq('/injections', ep.injections, r.injections);
    eq('/outcome/taskCompleted', ep.outcome.taskCompleted, r.utility);
    eq('/flags/aborted', ep.flags.aborted, r.error ?? null);
    for (const k of Object.keys(ep.benchmark ?? {})) eq(`/benchmark/${k}`, ep.benchmark![k], r[k]);
    steps(
      chatCalls(
        r.messages,
        (c) => c.function,
        (c) => c.args,
      ),
    );
  } else if (adapter === 'tau2') {
    eq('/userTask', ep.source.userTask, idText(r.task_id));
    eq('/benchmark/reward', ep.benchmark?.reward, r.reward_info?.reward);
    steps(
      chatCalls(
        r.messages,
        (c) => c.name,
        (c) => c.arguments,
      ),
    );
  } else if (adapter === 'tau-bench') {
    eq('/userTask', ep.source.userTask, idText(r.task_id));
    eq('/benchmark/reward', ep.benchmark?.reward, r.reward);
    steps(
      chatCalls(
        r.traj,
        (c) => c.function?.name,
        (c) => c.function?.arguments,
      ),
    );
  } else {
    eq('/outcome/taskCompleted', ep.outcome.taskCompleted, r.taskCompleted ?? false);
    if (r.model !== undefined) eq('/benchmark/model', ep.benchmark?.model, r.model);
    steps(
      chatCalls(
        r.messages,
        (c) => c.function?.name,
        (c) => c.function?.arguments,
      ),
    );
  }
  return diffs.length === 0 ? null : diffs.join(', ');
}

/** The input record an accepted episode came from (by id, as each format builds ids), or undefined. */
function sourceRecord(adapter: FuzzAdapter, value: unknown, ep: Episode): Loose | null | undefined {
  const input = value as Loose | null | undefined;
  const rs: unknown = adapter === 'tau2' ? input?.simulations : input;
  if (adapter === 'agentdojo') return input;
  if (!Array.isArray(rs)) return adapter === 'openai-chat' ? input : undefined;
  const records = rs as Array<Loose | null>;
  if (adapter === 'jsonl' || adapter === 'arrow') return records.find((r) => (r?.id as unknown) === ep.id);
  if (adapter === 'openai-chat')
    return (
      records.find((r, i) => idText(r?.id ?? `fuzz/line-${i + 1}`) === ep.id || ep.id === `fuzz/${i}`) ??
      records[Number(/(\d+)$/.exec(ep.id)?.[1] ?? -1) - 1]
    );
  if (adapter === 'tau2')
    return records.find((r) => ep.id === `fuzz/${idText(r?.task_id)}/${idText(typeof r?.trial === 'number' ? r.trial : r?.id)}`);
  return records.find((r) => ep.id === `fuzz/${idText(r?.task_id)}/${idText(r?.trial)}`);
}

/** Why an accepted episode silently changed a value of the input; null when it did not. */
function silentChange(adapter: FuzzAdapter, text: string | null, input: unknown, ep: Episode): string | null {
  // a value JSON cannot keep (Infinity, NaN) would be written as null
  if (!sameJson(JSON.parse(JSON.stringify(ep)), ep)) return 'a value that does not survive JSON (non-finite number)';
  if (strings(ep).some((s) => s.includes('\ufffd'))) return 'U+FFFD in the episode (bytes that were not UTF-8)';
  if (text !== null) {
    const rounded = new Set(roundedLiterals(text));
    if (numbers(ep).some((x) => rounded.has(x))) return 'an integer JSON numbers cannot hold, rounded';
  }
  if (
    strings(ep).some((s) => s.includes('sk-canary-21')) ||
    Object.keys(ep.benchmark ?? {}).some((k) => ['api_key', 'secret', 'extra'].includes(k))
  )
    return 'an unknown top-level field copied';
  const r = sourceRecord(adapter, input, ep);
  if (r === undefined) return `no input record for episode ${JSON.stringify(ep.id)}`;
  // read as carb would not: the caller reports it as a failed check
  if (r === null) throw new TypeError('the input record is null');
  return copiedDifference(adapter, r, ep);
}

function strictUtf8(bytes: Uint8Array): string | null {
  try {
    const t = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return t;
  } catch {
    return null;
  }
}

/**
 * The input value as a JSON reader sees it: the document, or for line formats one value per
 * non-blank line (undefined for a line that is not UTF-8 or not JSON); a leading BOM skipped.
 */
function inputValue(adapter: FuzzAdapter, bytes: Uint8Array): { text: string | null; value: unknown } {
  const strip = (t: string) => t.replace(/^\ufeff/, '');
  if (adapter === 'jsonl' || adapter === 'openai-chat') {
    const values: unknown[] = [];
    const texts: string[] = [];
    let from = 0;
    const buf = Buffer.from(bytes);
    for (let first = true; from <= buf.length; first = false) {
      let nl = buf.indexOf(0x0a, from);
      if (nl < 0) nl = buf.length;
      const t = strictUtf8(buf.subarray(from, nl));
      from = nl + 1;
      const line = t === null ? null : first ? strip(t) : t;
      if (line !== null && line.trim() === '') continue;
      if (line !== null) texts.push(line);
      try {
        values.push(line === null ? undefined : JSON.parse(line));
      } catch {
        values.push(undefined);
      }
    }
    // a chat file that is one JSON document is read as one
    const whole = strictUtf8(bytes);
    if (adapter === 'openai-chat' && whole !== null) {
      try {
        return { text: whole, value: JSON.parse(strip(whole)) };
      } catch {
        // JSONL
      }
    }
    return { text: texts.join('\n'), value: values };
  }
  const t = strictUtf8(bytes);
  if (t === null) return { text: null, value: undefined };
  try {
    return { text: strip(t), value: JSON.parse(strip(t)) };
  } catch {
    return { text: strip(t), value: undefined };
  }
}

function classify(adapter: FuzzAdapter, bytes: Uint8Array, counts: FuzzCounts, label: string, arrowInput?: unknown): void {
  const file = FILE[adapter];
  const note = (what: 'crash' | 'silent', why: string) => {
    counts[what]++;
    if (counts.examples.length < 8) counts.examples.push(`${adapter} ${what} [${label}]: ${why}`);
  };
  let got: DecodeResult;
  try {
    got = read(adapter, bytes);
  } catch (e) {
    if (!(e instanceof AdapterError)) {
      const err = e instanceof Error ? e : new Error(String(e));
      note('crash', `threw ${err.name}: ${err.message.slice(0, 200)}`);
      return;
    }
    const bad = unclean(file, e.message);
    if (bad !== null) {
      note('crash', bad);
      return;
    }
    counts.clean++;
    return;
  }
  for (const p of got.problems) {
    const bad = unclean(file, `${p.file}: ${p.record === null ? '' : `${p.record}: `}${p.message}`);
    if (bad !== null) {
      note('crash', bad);
      return;
    }
    // a file of several records names the record
    if (p.record === null && got.episodes.length > 0) {
      note('crash', `a record problem naming no record: ${p.message}`);
      return;
    }
  }
  const { text, value: input } = adapter === 'arrow' ? { text: null, value: arrowInput } : inputValue(adapter, bytes);
  for (const ep of got.episodes) {
    let why: string | null;
    try {
      why = silentChange(adapter, text, input, ep);
    } catch (e) {
      why = `the check failed on it (${(e as Error).message})`;
    }
    if (why !== null) {
      note('silent', `${ep.id}: ${why}`);
      return;
    }
  }
  if (got.problems.length > 0 || got.episodes.length === 0) counts.clean++;
  else counts.accepted++;
}

// --- Arrow: mutated canonical records written as carb writes them, digests recomputed ----------

/** The seed corpus as carb writes it: the column types every mutated table keeps. */
let template: Table | undefined;
const STEP_COLUMN_KEYS = ['index', 'tool', 'args', 'result', 'error', 'ok', 'provenance'];
const EPISODE_KEYS = new Set(Object.keys(EPISODE('k')));

/**
 * An Arrow corpus of the mutated records, with every digest recomputed (what an editor could
 * do): JSON-valued fields go into their text columns with the raw mutation text, so `1e999` or
 * 5,000-deep arguments reach the reader. Null when the mutated records cannot be put into the
 * columns at all (a value of another type than the column's).
 */
function arrowOf(m: Mutated, rng: Rng): { bytes: Uint8Array; input: unknown } | null {
  if (!Array.isArray(m.value)) return null;
  const values: unknown[] = m.value;
  if (values.length === 0 || !values.every((r) => r !== null && typeof r === 'object' && !Array.isArray(r))) return null;
  const recs = values as Loose[];
  const text = (v: unknown) => (v === undefined ? null : withRaws(JSON.stringify(v), m.raws));
  const scalar = (v: unknown): unknown => (typeof v === 'string' && /^@@RAW\d+@@$/.test(v) ? JSON.parse(withRaws(`"${v}"`, m.raws)) : v);
  template ??= tableFromIPC(encodeArrow(JSONL));
  const col = (name: string): unknown[] =>
    recs.map((r) => {
      const s = r.source ?? {};
      switch (name) {
        case 'format':
        case 'file':
        case 'model':
        case 'suite':
        case 'userTask':
        case 'injectionTask':
        case 'attack':
          return scalar(s[name]);
        case 'taskCompleted':
        case 'completedAtStep':
          return scalar(r.outcome?.[name]);
        case 'aborted':
        case 'textOnlyCalls':
          return scalar(r.flags?.[name === 'aborted' ? 'aborted' : 'textOnlyCalls']);
        case 'benchmark':
          return r.benchmark === null ? null : text(r.benchmark);
        case 'injections':
          return text(r.injections);
        case 'externalScores':
          return r.externalScores === null
            ? null
            : Array.isArray(r.externalScores)
              ? (r.externalScores as unknown[]).map(scalar)
              : r.externalScores;
        case 'steps':
          return !Array.isArray(r.steps)
            ? (r.steps ?? null)
            : (r.steps as Array<Loose | null>).map((st) =>
                Object.fromEntries(STEP_COLUMN_KEYS.map((k) => [k, k === 'args' || k === 'provenance' ? text(st?.[k]) : scalar(st?.[k])])),
              );
        default:
          return scalar(r[name]);
      }
    });
  const vectors: Record<string, Vector> = {};
  try {
    for (const f of template.schema.fields) vectors[f.name] = vectorFromArray(col(f.name) as never[], f.type);
    // Arrow-only edits: steps null, an Int64 where carb writes Int32
    if (rng() < 0.1)
      vectors.steps = vectorFromArray(
        [null, ...col('steps').slice(1)] as never[],
        template.schema.fields.find((f) => f.name === 'steps')!.type,
      );
    if (rng() < 0.1)
      vectors.completedAtStep = vectorFromArray(
        recs.map(() => pick(rng, [576460752303426024n, 1n, null])),
        new Int64(),
      );
  } catch {
    return null;
  }
  // the input as the reader should see it: JSON text columns parsed back, top-level keys
  // without a column (an api_key) not in the file at all
  let input: unknown;
  try {
    input = (JSON.parse(withRaws(JSON.stringify(recs), m.raws)) as Record<string, unknown>[]).map((r) =>
      Object.fromEntries(Object.entries(r).filter(([k]) => EPISODE_KEYS.has(k))),
    );
  } catch {
    return null;
  }
  const digest = new LinesDigest();
  for (const r of input as Episode[]) {
    try {
      digest.add(episodeToJsonLine(orderEpisode(r)));
    } catch {
      digest.add('?');
    }
  }
  const table = new Table(vectors);
  const md = new Map([[ARROW_CORPUS_KEY, corpusHeaderText(recs.length, digest.hex(), ARROW_SHA_PLACEHOLDER)]]);
  let bytes: Uint8Array;
  try {
    bytes = tableToIPC(new Table(new Schema(table.schema.fields, md, table.schema.dictionaries), table.batches), 'file');
  } catch {
    return null;
  }
  const at = arrowShaOffset(bytes, ARROW_SHA_PLACEHOLDER);
  bytes.set(Buffer.from(arrowFileSha256(bytes, at), 'latin1'), at);
  return { bytes, input };
}

/**
 * `runs` seeded mutations of `adapter`'s seed input (1–3 value mutations, and with some
 * probability a byte mutation: invalid UTF-8, a BOM, a cut), read and classified.
 */
export function fuzzAdapter(adapter: FuzzAdapter, runs: number, seed = 'issue-21'): FuzzCounts {
  const rng = seededRandom(`${seed}/${adapter}`);
  const counts: FuzzCounts = { clean: 0, accepted: 0, crash: 0, silent: 0, examples: [], kinds: {} };
  let done = 0;
  for (let attempt = 0; done < runs && attempt < runs * 20; attempt++) {
    const base = adapter === 'arrow' ? JSONL : SEEDS[adapter];
    const m = mutateValue(adapter, base, rng, 1 + Math.floor(rng() * 3));
    if (adapter === 'arrow') {
      const a = arrowOf(m, rng);
      if (a === null) continue;
      for (const k of m.kinds) counts.kinds[k] = (counts.kinds[k] ?? 0) + 1;
      classify(adapter, a.bytes, counts, m.kinds.join('+'), a.input);
      done++;
      continue;
    }
    let bytes: Buffer = Buffer.from(serialize(adapter, m), 'utf8');
    if (rng() < 0.35) {
      const kind = pick(rng, BYTE_KINDS);
      m.kinds.push(kind);
      bytes = mutateBytes(bytes, rng, kind);
    }
    for (const k of m.kinds) counts.kinds[k] = (counts.kinds[k] ?? 0) + 1;
    classify(adapter, bytes, counts, m.kinds.join('+'));
    done++;
  }
  if (done < runs) throw new Error(`${adapter}: only ${done} of ${runs} mutations could be built`);
  return counts;
}
