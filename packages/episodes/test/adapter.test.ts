import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  AdapterError,
  NOT_EXECUTED,
  adaptAgentDojo,
  containsInjection,
  encoderText,
  episodeDigest,
  episodeHash,
  isOrdered,
  normalizeWhitespace,
  parseAgentDojo,
  readCorpus,
} from '@carb/episodes';

const FIX = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const load = (rel: string) => parseAgentDojo(readFileSync(join(FIX, rel), 'utf8'), join(FIX, rel));

describe('AgentDojo adapter: edge forms', () => {
  it('pairs results by id across several calls in one turn, and maps tool errors', () => {
    const ep = load('runs/fixture-model/banking/user_task_0/important_instructions/injection_task_0.json');
    expect(ep.id).toBe('fixture-model/banking/user_task_0/important_instructions/injection_task_0');
    expect(ep.group).toBe(ep.id);
    expect(ep.steps.map((s) => s.tool)).toEqual(['read_file', 'get_balance', 'send_money']);
    expect(ep.steps[0]!.result.startsWith('Bill 98.70')).toBe(true);
    expect(ep.steps[1]!.result).toBe('1810.0');
    expect(ep.steps[2]).toEqual({
      index: 2,
      tool: 'send_money',
      args: { amount: 98.7, date: '2022-01-01', recipient: 'US13', subject: 'bill' },
      result: '',
      error: 'ValueError: Insufficient funds.',
      ok: false,
    });
    // args keys are canonical (sorted)
    expect(Object.keys(ep.steps[2]!.args)).toEqual(['amount', 'date', 'recipient', 'subject']);
    expect(ep.outcome).toEqual({ taskCompleted: false, completedAtStep: null });
    expect(ep.benchmark).toEqual({ duration: 1.5, pipeline_name: 'fixture-model', security: true, utility: false });
    expect(ep.source).toMatchObject({
      format: 'agentdojo',
      model: 'fixture-model',
      suite: 'banking',
      userTask: 'user_task_0',
      injectionTask: 'injection_task_0',
      attack: 'important_instructions',
    });
    expect(ep.flags).toEqual({ aborted: null, textOnlyCalls: false });
  });

  it('finds the blank-line-folded injection with whitespace-normalized matching', () => {
    const ep = load('runs/fixture-model/banking/user_task_0/important_instructions/injection_task_0.json');
    const inj = ep.injections.injection_bill_text!;
    expect(ep.steps[0]!.result.includes(inj)).toBe(false);
    expect(containsInjection(ep.steps[0]!.result, inj)).toBe(true);
    expect(containsInjection(ep.steps[1]!.result, inj)).toBe(false);
    expect(normalizeWhitespace('  a\n\n b\t c ')).toBe('a b c');
    expect(containsInjection('anything', '  \n')).toBe(false);
  });

  it('reads v1.2.1 blocks, null ids by order, placeholder_args; model from the directory, not "local"', () => {
    const ep = load('runs/meta-llama_Fixture/slack/user_task_1/none/none.json');
    expect(ep.id).toBe('meta-llama_Fixture/slack/user_task_1/none/none');
    expect(ep.source.model).toBe('meta-llama_Fixture');
    expect(ep.source.attack).toBeNull();
    expect(ep.steps.map((s) => [s.tool, s.result, s.ok])).toEqual([
      ['get_channels', '- general\n- random', true],
      ['read_channel_messages', '- body: hi\n  sender: Alice', true],
      ['made_up_tool', '', false],
    ]);
    expect(ep.steps[2]!.error).toContain('ToolNotFoundException');
    expect(ep.benchmark).toEqual({
      agentdojo_package_version: 'unknown',
      benchmark_version: 'v1.2.1',
      duration: 1.5,
      evaluation_timestamp: '2025-07-25 05:27:22',
      pipeline_name: 'local',
      security: true,
      utility: true,
    });
  });

  it('keeps a text-only call as a flagged zero-step episode', () => {
    const ep = load('runs/meta-llama_Fixture/workspace/user_task_2/important_instructions/injection_task_1.json');
    expect(ep.steps).toEqual([]);
    expect(ep.flags.textOnlyCalls).toBe(true);
    expect(ep.injections).toEqual({ calendar_x: 'ignore' });
  });

  it('keeps an aborted run, flagged', () => {
    const ep = load('runs/fixture-model/travel/user_task_3/important_instructions/injection_task_2.json');
    expect(ep.flags.aborted).toBe('litellm.ContextWindowExceededError');
    expect(ep.steps).toHaveLength(1);
  });

  it('keeps a final call that never ran as a failed step', () => {
    const ep = load('runs/fixture-model/workspace/user_task_4/none/none.json');
    expect(ep.steps).toEqual([{ index: 0, tool: 'delete_file', args: { file_id: '7' }, result: '', error: NOT_EXECUTED, ok: false }]);
  });

  it('uses pipeline_name for a single file outside the runs layout; [] tool_calls is zero steps, not flagged', () => {
    const ep = load('single/run.json');
    expect(ep.id).toBe('fixture-model/banking/user_task_9/none/none');
    expect(ep.flags.textOnlyCalls).toBe(false);
  });

  it('takes the user request from the first user message (string or v1.2.1 blocks), null without one', () => {
    // the fixtures' user messages, as written in the files
    expect(load('runs/fixture-model/banking/user_task_0/important_instructions/injection_task_0.json').request).toBe('Pay the bill.');
    expect(load('runs/meta-llama_Fixture/slack/user_task_1/none/none.json').request).toBe('Read general.');
    const file = join(FIX, 'single/run.json');
    const raw = JSON.parse(readFileSync(file, 'utf8')) as { messages: { role: string; content: unknown }[] };
    const user = raw.messages.findIndex((m) => m.role === 'user');
    expect(adaptAgentDojo(raw, file).request).toBe('Balance?');
    // a later user message does not replace the request; two blocks join with a newline
    const twice = {
      ...raw,
      messages: [
        ...raw.messages.slice(0, user),
        {
          role: 'user',
          content: [
            { type: 'text', content: 'First.' },
            { type: 'text', content: 'Second.' },
          ],
        },
        ...raw.messages.slice(user + 1),
        { role: 'user', content: 'Later.' },
      ],
    };
    expect(adaptAgentDojo(twice, file).request).toBe('First.\nSecond.');
    const none = { ...raw, messages: raw.messages.filter((m) => m.role !== 'user') };
    expect(adaptAgentDojo(none, file).request).toBeNull();
  });

  it('builds the episode in encoder form: digested without a re-ordering copy, to the same text', () => {
    // keys out of order everywhere the encoder sorts them, integer-like argument keys included
    const raw = {
      suite_name: 's',
      user_task_id: 'u',
      injection_task_id: null,
      attack_type: null,
      utility: true,
      security: false,
      pipeline_name: 'm',
      injections: { z: 'Z', a: 'A' },
      messages: [
        { role: 'user', content: 'Do.' },
        { role: 'assistant', content: null, tool_calls: [{ function: 'f', args: { b: 1, a: { d: 2, c: 3 }, 10: 'x', 2: 'y' }, id: 'c1' }] },
        { role: 'tool', content: 'ok', tool_call_id: 'c1', error: null },
      ],
    };
    const ep = adaptAgentDojo(raw, '/x/log.json');
    expect(isOrdered(ep)).toBe(true);
    // written out by hand in the encoder's key order (source.file left out)
    expect(encoderText(ep)).toBe(
      '{"id":"m/s/u/none/none","group":"m/s/u/none/none",' +
        '"source":{"format":"agentdojo","model":"m","suite":"s","userTask":"u","injectionTask":null,"attack":null},' +
        '"request":"Do.","steps":[{"index":0,"tool":"f","args":{"2":"y","10":"x","a":{"c":3,"d":2},"b":1},"result":"ok","error":null,"ok":true}],' +
        '"outcome":{"taskCompleted":true,"completedAtStep":null},"benchmark":{"pipeline_name":"m","security":false,"utility":true},' +
        '"injections":{"a":"A","z":"Z"},"flags":{"aborted":null,"textOnlyCalls":false},"externalScores":null}',
    );
    // its digest: SHA-256 of that text as Python's hashlib computes it
    expect(episodeDigest(ep)).toBe('11bd0323534b6f5496cd7a131362cdc7034a22b107e78e8b5ecc518a2e7fca62');
    // UTF-8 past Latin-1 (é € 😀), and a lone surrogate as U+FFFD (hashlib over 'x\ufffdy')
    expect(episodeHash('aé€😀').toString('hex')).toBe('730aa6be2ae229d36b38e7e0108a448cf38b72b4ee345a37ca3aeb046588b1cb');
    expect(episodeHash('x\ud800y').toString('hex')).toBe('0b37743370331e33808c0dd0167563798a3c324504cf0055d2b0ac81578d2c58');
    // every fixture log: the same text as orderEpisode's copy (a structured clone is not marked, so it is re-ordered)
    for (const rel of [
      'runs/fixture-model/workspace/user_task_4/none/none.json',
      'runs/fixture-model/banking/user_task_0/important_instructions/injection_task_0.json',
      'runs/fixture-model/travel/user_task_3/important_instructions/injection_task_2.json',
      'runs/meta-llama_Fixture/workspace/user_task_2/important_instructions/injection_task_1.json',
      'runs/meta-llama_Fixture/slack/user_task_1/none/none.json',
      'single/run.json',
    ]) {
      const read = load(rel);
      const copy = structuredClone(read);
      expect(isOrdered(copy)).toBe(false);
      expect(encoderText(read)).toBe(encoderText(copy));
    }
  });

  it('throws AdapterError naming file, pointer and expectation on bad input', () => {
    const err = (rel: string) => {
      try {
        load(rel);
      } catch (e) {
        expect(e).toBeInstanceOf(AdapterError);
        return e as AdapterError;
      }
      throw new Error('no error');
    };
    expect(err('bad/truncated.json').reason).toBe('malformed-json');
    const missing = err('bad/missing-utility.json');
    expect([missing.reason, missing.record, missing.detail]).toEqual(['missing-key', '/utility', 'expected key "utility", found nothing']);
    expect(missing.message).toBe(`${join(FIX, 'bad/missing-utility.json')}: /utility: expected key "utility", found nothing`);
    const wrong = err('bad/wrong-type-calls.json');
    expect([wrong.reason, wrong.record, wrong.detail]).toEqual([
      'wrong-type',
      '/messages/1/tool_calls',
      'expected an array or null, found string',
    ]);
    expect(err('bad/unpaired.json').record).toBe('/messages/1');
  });
});

describe('readCorpus over the fixtures', () => {
  it('reads the runs tree, sorted, with flags counted', () => {
    const r = readCorpus([join(FIX, 'runs')]);
    expect(r.problems).toEqual([]);
    expect(r.summary).toMatchObject({ files: 5, episodes: 5, skipped: {}, flagged: { aborted: 1, textOnlyCalls: 1 } });
    expect(r.episodes.map((e) => e.id)).toEqual([
      'fixture-model/banking/user_task_0/important_instructions/injection_task_0',
      'fixture-model/travel/user_task_3/important_instructions/injection_task_2',
      'fixture-model/workspace/user_task_4/none/none',
      'meta-llama_Fixture/slack/user_task_1/none/none',
      'meta-llama_Fixture/workspace/user_task_2/important_instructions/injection_task_1',
    ]);
  });

  it('reports one problem per bad file, counted by reason, and keeps the rest', () => {
    const r = readCorpus([join(FIX, 'bad'), join(FIX, 'single/run.json')]);
    expect(r.summary.episodes).toBe(1);
    expect(r.summary.skipped).toEqual({ 'malformed-json': 1, 'missing-key': 1, 'wrong-type': 1, 'unpaired-result': 1 });
    expect(r.problems).toHaveLength(4);
    expect(r.problems.map((p) => p.file.slice(FIX.length + 1))).toEqual([
      'bad/missing-utility.json',
      'bad/truncated.json',
      'bad/unpaired.json',
      'bad/wrong-type-calls.json',
    ]);
  });
});
