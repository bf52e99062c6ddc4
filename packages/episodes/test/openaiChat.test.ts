import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NOT_EXECUTED, decodeJsonl, encodeJsonl, readCorpus, streamCorpus, validateEpisode } from '@carb/episodes';

const FIX = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const SUPPORT = join(FIX, 'openai-chat/support.jsonl');
const MALFORMED = join(FIX, 'openai-chat/malformed.jsonl');

describe('OpenAI chat-completions logs', () => {
  it('detected in auto mode from the first line; steps paired by tool_call_id, out of order', () => {
    const r = readCorpus([SUPPORT]);
    expect(r.problems).toEqual([]);
    expect(r.episodes.map((e) => e.id)).toEqual(['conv-1', 'support/line-3']);
    const [a, b] = r.episodes as [(typeof r.episodes)[0], (typeof r.episodes)[0]];
    expect(a.source).toEqual({
      format: 'openai-chat',
      file: SUPPORT,
      model: 'gpt-4o-mini',
      suite: null,
      userTask: null,
      injectionTask: null,
      attack: null,
    });
    expect(a.request).toBe('Please refund order A17.');
    expect(a.steps).toEqual([
      { index: 0, tool: 'get_order', args: { order_id: 'A17' }, result: '{"status":"delivered","total":20}', error: null, ok: true },
      { index: 1, tool: 'refund', args: { amount: 20, order_id: 'A17' }, result: '', error: 'gateway timeout', ok: false },
      { index: 2, tool: 'send_email', args: { to: 'ann@example.com' }, result: 'sent', error: null, ok: true },
    ]);
    expect(a.outcome.taskCompleted).toBe(true);
    expect(a.benchmark).toEqual({ model: 'gpt-4o-mini' });
    expect(b.request).toBe('Weather in Paris?');
    expect(b.steps).toEqual([{ index: 0, tool: 'get_weather', args: { city: 'Paris' }, result: '', error: NOT_EXECUTED, ok: false }]);
    expect(b.outcome.taskCompleted).toBe(false);
    expect(b.benchmark).toBeNull();
  });

  it('round trip: canonical JSONL of the adapted episodes decodes to the same episodes, schema-valid', () => {
    const eps = readCorpus([SUPPORT], { format: 'openai-chat' }).episodes;
    expect(eps).toHaveLength(2);
    expect(eps.flatMap((e) => validateEpisode(e, SUPPORT, e.id))).toEqual([]);
    const back = decodeJsonl(encodeJsonl(eps), 'rt.jsonl');
    expect(back.problems).toEqual([]);
    expect(back.episodes).toEqual(eps);
  });

  it('auto mode reads carb JSONL (no header, first line an episode) as carb JSONL, not as a chat log', () => {
    const eps = readCorpus([SUPPORT]).episodes;
    const dir = mkdtempSync(join(tmpdir(), 'carb-chat-'));
    writeFileSync(join(dir, 'canonical.jsonl'), encodeJsonl(eps));
    const r = readCorpus([dir]);
    expect(r.problems).toEqual([]);
    expect(r.episodes).toEqual(eps);
  });

  it('streamCorpus yields the same episodes as readCorpus', async () => {
    const got = [];
    for await (const batch of streamCorpus([SUPPORT])) got.push(...batch);
    expect(got).toEqual(readCorpus([SUPPORT]).episodes);
  });

  it('one problem line per malformed record, naming file, line and what was expected; counted', () => {
    const r = readCorpus([MALFORMED], { format: 'openai-chat' });
    expect(r.episodes.map((e) => e.id)).toEqual(['ok']);
    expect(r.problems).toEqual([
      { file: MALFORMED, record: 'line 2', message: 'expected one JSON chat record per line, found malformed JSON' },
      {
        file: MALFORMED,
        record: 'line 3/messages/0/tool_calls/0/function/arguments',
        message: 'expected the arguments as a JSON object string, found malformed JSON',
      },
      {
        file: MALFORMED,
        record: 'line 4/messages/0',
        message: 'expected a tool result for an earlier unanswered tool call, found id "zz" that none has',
      },
      { file: MALFORMED, record: 'line 5/messages', message: 'expected an array, found nothing' },
    ]);
    expect(r.summary.skipped).toEqual({ 'malformed-json': 1, 'malformed-arguments': 1, 'unpaired-result': 1, 'missing-key': 1 });
  });

  it('streamed, the malformed file reports the same problems and counts as readCorpus', async () => {
    const stream = streamCorpus([MALFORMED], { format: 'openai-chat' });
    const got = [];
    for await (const batch of stream) got.push(...batch);
    const whole = readCorpus([MALFORMED], { format: 'openai-chat' });
    expect(got).toEqual(whole.episodes);
    expect(stream.problems).toEqual(whole.problems);
    expect(stream.summary()).toEqual(whole.summary);
  });

  it('auto mode on the fixture directory: chat JSONL told apart from AgentDojo JSON by content', () => {
    const r = readCorpus([join(FIX, 'openai-chat'), join(FIX, 'runs/fixture-model/workspace/user_task_4/none/none.json')]);
    expect(r.episodes.map((e) => e.source.format)).toEqual(['openai-chat', 'openai-chat', 'openai-chat', 'agentdojo']);
    expect(r.summary.skipped).toEqual({ 'malformed-json': 1, 'malformed-arguments': 1, 'unpaired-result': 1, 'missing-key': 1 });
  });

  it('a JSON file of no known format is refused with one line', () => {
    const file = join(FIX, 'unrecognized/not-a-log.json');
    const r = readCorpus([file]);
    expect(r.problems).toEqual([
      { file, record: null, message: 'unrecognized format: expected one of agentdojo, tau2, tau-bench, openai-chat, jsonl, arrow' },
    ]);
    expect(r.summary).toMatchObject({ files: 1, episodes: 0, skipped: { 'unrecognized-format': 1 } });
  });
});
