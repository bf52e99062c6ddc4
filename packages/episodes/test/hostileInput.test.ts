import { describe, expect, it } from 'vitest';
import { tableFromIPC, Int64, Schema, Table, tableToIPC, vectorFromArray, type Vector } from 'apache-arrow';
import { parsedLines } from '@carb/io';
import {
  AdapterError,
  decodeArrow,
  decodeDocument,
  decodeJsonl,
  encodeArrow,
  episodeToJsonLine,
  problemLines,
  type Episode,
  type Problem,
} from '@carb/episodes';
import { ARROW_SHA_PLACEHOLDER, arrowFileSha256, arrowShaOffset } from '../src/arrowSha.ts';
import { ARROW_CORPUS_KEY, LinesDigest, corpusHeaderText } from '../src/corpusHeader.ts';

// Issue 21, "Hostile input": each finding as it reaches the decoders (the CLI side is test/hostile-input-cli.test.ts).

const episode = (id: string, over: Partial<Episode> = {}): Episode => ({
  id,
  group: id,
  source: { format: 'jsonl', file: null, model: null, suite: null, userTask: null, injectionTask: null, attack: null },
  request: null,
  steps: [{ index: 0, tool: 'read', args: { q: 1 }, result: 'r', error: null, ok: true }],
  outcome: { taskCompleted: true, completedAtStep: null },
  benchmark: null,
  injections: {},
  flags: { aborted: null, textOnlyCalls: false },
  externalScores: null,
  ...over,
});
const line = (id: string, over: Partial<Episode> = {}) => episodeToJsonLine(episode(id, over));
/** `{"a":{"a":…1…}}`: k objects, so nesting depth k. */
const nested = (k: number) => `${'{"a":'.repeat(k)}1${'}'.repeat(k)}`;
/** A JSONL record line whose step args are nested k deep: the record itself is 3 deeper (record, steps, step). */
const deepLine = (id: string, k: number) => line(id).replace('"args":{"q":1}', `"args":${nested(k)}`);

const TOO_DEEP = 'expected JSON nested at most 1000 deep, found deeper';

function jsonl(text: string | Uint8Array) {
  return decodeJsonl(text, 'c.jsonl');
}
const messages = (ps: readonly Problem[]) => ps.map((p) => `${String(p.record)}: ${p.message}`);

describe('nesting depth: at most 1,000, per record', () => {
  it('a JSONL record nested 1,000 deep is read; 1,001 and 5,000 deep are one problem each, the others kept', () => {
    const r = jsonl(`${line('a')}\n${deepLine('b', 997)}\n${deepLine('c', 998)}\n${deepLine('d', 5000)}\n${line('e')}\n`);
    expect(r.episodes.map((e) => e.id)).toEqual(['a', 'b', 'e']);
    expect(messages(r.problems)).toEqual([`line 3: ${TOO_DEEP}`, `line 4: ${TOO_DEEP}`]);
    expect(r.skipped).toEqual({ 'too-deep': 2 });
  });

  it('5,000 deep where no free-form value belongs (an unknown key, the source) is one schema problem', () => {
    const r = jsonl(
      `${line('a').replace('"benchmark":null', `"benchmark":null,"extra":${nested(5000)}`)}\n${line('b').replace(/"source":\{[^}]*\}/, `"source":${nested(5000)}`)}\n`,
    );
    expect(r.episodes).toEqual([]);
    expect(r.problems.map((p) => p.record)).toEqual(['line 1, episode a', 'line 2, episode b']);
    expect(r.problems[0]!.message).toContain('/extra: unknown key');
    expect(r.problems[1]!.message).toContain('/source/a: unknown key');
  });

  it('an AgentDojo log with arguments 5,000 deep is refused with one line, not a stack overflow', () => {
    const log = agentdojo({ args: '@DEEP@' }).replace('"@DEEP@"', nested(5000));
    expect(() => decodeDocument(log, 'runs/x.json', 'json')).toThrow(new AdapterError('runs/x.json', '/', 'too-deep', TOO_DEEP));
  });

  it('a tau2 simulation 5,000 deep is one problem; the other simulation is kept', () => {
    const doc = JSON.stringify({ simulations: [sim('1', { x: 1 }), sim('2', '@DEEP@')] }).replace('"@DEEP@"', nested(5000));
    const r = decodeDocument(doc, 'r.json', 'json');
    expect(r.episodes.map((e) => e.id)).toEqual(['r/1/0']);
    expect(messages(r.problems)).toEqual([`/simulations/1: ${TOO_DEEP}`]);
  });

  it('an OpenAI chat line whose arguments string is 5,000 deep is one problem', () => {
    const call = (args: string) =>
      JSON.stringify({
        id: 'x',
        messages: [
          { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 't', arguments: args } }] },
        ],
      });
    const r = decodeDocument(`${call('{"q":1}')}\n${call(nested(5000)).replace('"id":"x"', '"id":"y"')}\n`, 'chat.jsonl', 'openai-chat');
    expect(r.episodes.map((e) => e.id)).toEqual(['x']);
    expect(messages(r.problems)).toEqual([`line 2/messages/0/tool_calls/0/function/arguments: ${TOO_DEEP}`]);
  });
});

describe('contradictions and silent changes are refused per record, one line each', () => {
  it('ok:false with error:null, and error "boom" with ok:true (one rule: ok is error === null)', () => {
    const s = episode('a').steps[0]!;
    const r = jsonl(`${line('a', { steps: [{ ...s, ok: false }] })}\n${line('b', { steps: [{ ...s, error: 'boom' }] })}\n${line('c')}\n`);
    expect(r.episodes.map((e) => e.id)).toEqual(['c']);
    expect(messages(r.problems)).toEqual([
      'line 1, episode a: invalid episode: /steps/0/ok: expected true (ok is error === null), found boolean false',
      'line 2, episode b: invalid episode: /steps/0/ok: expected false (ok is error === null), found boolean true',
    ]);
  });

  it('completedAtStep past the last step', () => {
    const r = jsonl(
      `${line('a', { outcome: { taskCompleted: true, completedAtStep: 0 } })}\n${line('b', { outcome: { taskCompleted: true, completedAtStep: 1 } })}\n`,
    );
    expect(r.episodes.map((e) => e.id)).toEqual(['a']);
    expect(messages(r.problems)).toEqual([
      'line 2, episode b: invalid episode: /outcome/completedAtStep: expected a step index below 1 (the step count), found 1',
    ]);
  });

  it('1e999 (which JSON.parse makes Infinity, and JSON.stringify then null) is refused, anywhere in the record', () => {
    const r = jsonl(
      `${line('a').replace('"q":1', '"q":1e999')}\n${line('b').replace('"benchmark":null', '"benchmark":{"r":[-1e400]}')}\n${line('c').replace('"q":1', '"q":1e308')}\n`,
    );
    expect(r.episodes.map((e) => e.id)).toEqual(['c']);
    expect(messages(r.problems)).toEqual([
      'line 1: /steps/0/args/q: expected a finite number, found one out of range (it parses as Infinity)',
      'line 2: /benchmark/r/0: expected a finite number, found one out of range (it parses as -Infinity)',
    ]);
    expect(r.skipped).toEqual({ 'non-finite-number': 2 });
  });

  it('an integer literal JSON numbers cannot hold (576460752303426024 would become …6000) is refused; 2^53 and 1e20 are read', () => {
    const r = jsonl(
      `${line('a').replace('"q":1', '"q":576460752303426024')}\n${line('b').replace('"q":1', '"q":9007199254740992,"s":"576460752303426024","f":1e20')}\n`,
    );
    expect(r.episodes.map((e) => e.id)).toEqual(['b']);
    expect(messages(r.problems)).toEqual([
      'line 1: /steps/0/args/q: expected an integer JSON numbers hold exactly (at most 2^53), found 576460752303426024 (it parses as 576460752303426048)',
    ]);
    const log = agentdojo({ args: { id: '@ID@' } }).replace('"@ID@"', '12345678901234567890');
    expect(() => decodeDocument(log, 'runs/x.json', 'json')).toThrow(
      'runs/x.json: /: /messages/1/tool_calls/0/args/id: expected an integer JSON numbers hold exactly (at most 2^53), found 12345678901234567890 (it parses as 12345678901234567168)',
    );
  });

  it('blank ids and ids holding a line break', () => {
    const r = jsonl(`${line(' ')}\n${line('a\nb')}\n${line('ok')}\n`);
    expect(r.episodes.map((e) => e.id)).toEqual(['ok']);
    expect(messages(r.problems)).toEqual([
      'line 1: invalid episode: /id: expected a non-blank id on one line, found string " "; /group: expected a non-blank id on one line, found string " "',
      'line 2: invalid episode: /id: expected a non-blank id on one line, found string "a\\nb"; /group: expected a non-blank id on one line, found string "a\\nb"',
    ]);
  });

  it("invalid UTF-8 in a JSONL line is that line's problem (not U+FFFD in the corpus); the others are kept", () => {
    const bad = Buffer.from(line('b').replace('"r"', '"r\u00ff"'), 'utf8');
    bad[bad.indexOf(0xc3)] = 0xff; // ÿ (c3 bf) becomes ff bf: not UTF-8
    const bytes = Buffer.concat([Buffer.from(`${line('a')}\n`), bad, Buffer.from(`\n${line('c')}\n`)]);
    const r = jsonl(bytes);
    expect(r.episodes.map((e) => e.id)).toEqual(['a', 'c']);
    expect(messages(r.problems)).toEqual(['line 2: expected UTF-8 text, found bytes that are not (invalid UTF-8)']);
    expect(r.skipped).toEqual({ 'invalid-utf8': 1 });
  });

  it('invalid UTF-8 in a JSON log refuses it with one line', () => {
    const bytes = Buffer.from(agentdojo({ args: { q: 'x' } }), 'utf8');
    const at = bytes.indexOf('"x"') + 1;
    bytes[at] = 0xfe;
    expect(() => decodeDocument(bytes, 'runs/x.json', 'json')).toThrow(
      new AdapterError('runs/x.json', null, 'invalid-utf8', 'expected UTF-8 text, found bytes that are not (invalid UTF-8)'),
    );
  });
});

describe('a UTF-8 byte order mark is accepted on every text input', () => {
  const BOM = '\ufeff';
  it('JSONL keeps its first line', () => {
    const r = jsonl(`${BOM}${line('a')}\n${line('b')}\n`);
    expect(r.problems).toEqual([]);
    expect(r.episodes.map((e) => e.id)).toEqual(['a', 'b']);
  });
  it('JSON logs of every format', () => {
    expect(decodeDocument(BOM + agentdojo({ args: { q: 1 } }), 'runs/x.json', 'json').episodes).toHaveLength(1);
    expect(decodeDocument(BOM + JSON.stringify({ simulations: [sim('1', { x: 1 })] }), 'r.json', 'json').episodes).toHaveLength(1);
    expect(decodeDocument(`${BOM}{"id":"x","messages":[]}\n`, 'chat.jsonl', 'openai-chat').episodes).toHaveLength(1);
  });
  it('labels, ledger events and score files (parsedLines)', () => {
    expect([...parsedLines(`${BOM}{"a":1}\n{"b":2}\n`)]).toEqual([
      { line: 1, value: { a: 1 } },
      { line: 2, value: { b: 2 } },
    ]);
  });
});

describe('unknown top-level fields are dropped and counted, never copied', () => {
  it('AgentDojo: api_key is not in the episode; the known benchmark fields still are', () => {
    const log = JSON.parse(agentdojo({ args: { q: 1 } })) as Record<string, unknown>;
    const r = decodeDocument(JSON.stringify({ ...log, api_key: 'sk-secret', duration: 2.5 }), 'runs/x.json', 'json');
    expect(r.episodes[0]!.benchmark).toEqual({ duration: 2.5, pipeline_name: 'p', security: false, utility: true });
    expect(JSON.stringify(r.episodes)).not.toContain('sk-secret');
    expect(r.dropped).toEqual({ api_key: 1 });
  });
  it('OpenAI chat: only model is kept beside the mapped fields', () => {
    const r = decodeDocument(
      '{"id":"x","model":"m","api_key":"sk-1","messages":[]}\n{"id":"y","api_key":"sk-2","messages":[]}\n',
      'chat.jsonl',
      'openai-chat',
    );
    expect(r.episodes.map((e) => e.benchmark)).toEqual([{ model: 'm' }, null]);
    expect(r.dropped).toEqual({ api_key: 2 });
  });
  it('fields named like Object.prototype members are counted like any other (and Object.prototype is left alone)', () => {
    const lines = ['constructor', '__proto__', 'toString'].map((k, i) => `{"id":"c${i}","messages":[],"${k}":1,"__proto__":2}`);
    const r = decodeDocument(`${lines.join('\n')}\n`, 'chat.jsonl', 'openai-chat');
    expect(r.episodes).toHaveLength(3);
    expect(JSON.stringify(r.dropped)).toBe('{"constructor":1,"__proto__":3,"toString":1}');
    expect(({} as Record<string, unknown>).constructor).toBe(Object);
  });
});

describe('Arrow rows that used to decode silently or with a misleading message', () => {
  it('steps null is refused naming the row', () => {
    // the digests are those of the row as it decoded before (steps []): nothing but the row itself tells it apart
    const bytes = rewriteArrow(
      [episode('a'), episode('b')],
      (name, v) => (name === 'steps' ? vectorFromArray([[STEP_ROW], null], v.type) : v),
      [episode('a'), episode('b', { steps: [] })],
    );
    expect(decodeArrow(bytes, 'c.arrow').problems.map((p) => `${String(p.record)}: ${p.message}`)).toEqual([
      'row 1: /steps: expected a list of steps, found null',
    ]);
  });
  it('an Int64 column (576460752303426024 is outside the safe range) names the column and the expected type', () => {
    const bytes = rewriteArrow([episode('a'), episode('b', { outcome: { taskCompleted: true, completedAtStep: 0 } })], (name, v) =>
      name === 'completedAtStep' ? vectorFromArray([null, 576460752303426024n], new Int64()) : v,
    );
    expect(decodeArrow(bytes, 'c.arrow').problems.map((p) => `${String(p.record)}: ${p.message}`)).toEqual([
      'column completedAtStep: expected Int32 values (as carb writes them), found Int64',
    ]);
  });
});

describe('problem lines are capped per file, counts exact', () => {
  it('20,000 problems of one file print 20 lines and one line for the rest; other files keep theirs', () => {
    const ps: Problem[] = Array.from({ length: 20000 }, (_, i) => ({
      file: 'big.jsonl',
      record: `line ${i + 1}`,
      message: 'malformed JSON',
    }));
    ps.push({ file: 'small.jsonl', record: 'line 1', message: 'malformed JSON' });
    const lines = problemLines(ps);
    expect(lines).toHaveLength(22);
    expect(lines[19]).toBe('big.jsonl: line 20: malformed JSON');
    expect(lines[20]).toBe('big.jsonl: … and 19,980 more problems like these (20,000 total)');
    expect(lines[21]).toBe('small.jsonl: line 1: malformed JSON');
  });
});

/** Episode a's step as its Arrow row. */
const STEP_ROW = { index: 0, tool: 'read', args: '{"q":1}', result: 'r', error: null, ok: true, provenance: null };

// --- builders -------------------------------------------------------------------------------

function agentdojo(call: { args: unknown }): string {
  return JSON.stringify({
    suite_name: 's',
    pipeline_name: 'p',
    user_task_id: 'u',
    injection_task_id: null,
    attack_type: null,
    injections: {},
    utility: true,
    security: false,
    error: null,
    messages: [
      { role: 'user', content: 'do it' },
      { role: 'assistant', content: '', tool_calls: [{ function: 'read', args: call.args, id: 'c' }] },
      { role: 'tool', content: 'ok', tool_call_id: 'c', error: null },
    ],
  });
}

function sim(taskId: string, args: unknown): object {
  return {
    id: `sim-${taskId}`,
    task_id: taskId,
    trial: 0,
    termination_reason: 'user_stop',
    reward_info: { reward: 1, db_check: { db_match: true } },
    messages: [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: '', tool_calls: [{ id: 'a', name: 'read', arguments: args }] },
      { role: 'tool', id: 'a', content: 'ok', error: false },
    ],
  };
}

/** An Arrow corpus as carb writes it, one column replaced, with every digest recomputed (what an editor could do). */
function rewriteArrow(eps: Episode[], replace: (name: string, v: Vector) => Vector, digested: Episode[] = eps): Uint8Array {
  const t = tableFromIPC(encodeArrow(eps));
  const cols: Record<string, Vector> = {};
  for (const f of t.schema.fields) cols[f.name] = replace(f.name, t.getChild(f.name)!);
  const table = new Table(cols);
  const digest = new LinesDigest();
  for (const e of digested) digest.add(episodeToJsonLine(e));
  const md = new Map([[ARROW_CORPUS_KEY, corpusHeaderText(eps.length, digest.hex(), ARROW_SHA_PLACEHOLDER)]]);
  const bytes = tableToIPC(new Table(new Schema(table.schema.fields, md, table.schema.dictionaries), table.batches), 'file');
  const at = arrowShaOffset(bytes, ARROW_SHA_PLACEHOLDER);
  bytes.set(Buffer.from(arrowFileSha256(bytes, at), 'latin1'), at);
  return bytes;
}
