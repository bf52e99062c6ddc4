import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  NOT_EXECUTED,
  adaptTau2,
  detectFormat,
  readCorpus,
  streamCorpus,
  validateEpisode,
  type CorpusResult,
  type Episode,
} from '@carb/episodes';
import { SHARED, describeShared } from '../../../test/helpers/shared.ts';

const TAU2 = resolve(SHARED, 'corpora/tau2-airline');
const TRAJ = join(TAU2, 'trajectories');
const GPT41 = join(TRAJ, 'sierra-official/gpt-4.1_airline_test20.json');
const FT = join(TRAJ, 'sierra-official/ft-gpt-4.1-tau2-sft_airline_test20.json');
const QWEN = join(TRAJ, 'sierra-official/qwen2.5-7b_airline_50sims.json');
const SONNET = join(TRAJ, 'leaderboard-pr/claude-sonnet-4-5_aide_airline_50sims.json');

/*
 * Expected figures, counted with jq on the shared files (not with this code), per file:
 *   sims   jq '.simulations|length'
 *   calls  jq '[.simulations[].messages[] | select(.role=="assistant") | (.tool_calls // [])[]] | length'
 *   db     jq '[.simulations[] | select(.reward_info.db_check.db_match==true)] | length'
 *   errors jq '[.simulations[].messages[] | select(.role=="tool" and .error==true)] | length'
 *   agentError jq '[.simulations[]|select(.termination_reason=="agent_error")]|length'
 * The sims and db columns also equal the corpus README's table; model is jq -r .info.agent_info.llm.
 */
const EXPECTED: Record<string, { sims: number; calls: number; db: number; errors: number; agentError: number; model: string }> = {
  [SONNET]: { sims: 50, calls: 371, db: 36, errors: 1, agentError: 0, model: 'claude-sonnet-4-5' },
  [FT]: { sims: 20, calls: 147, db: 14, errors: 1, agentError: 0, model: 'ft:gpt-4.1-2025-04-14:sierra:tau2-full-sft:BzrYdMNm' },
  [GPT41]: { sims: 20, calls: 148, db: 10, errors: 1, agentError: 0, model: 'gpt-4.1' },
  [QWEN]: { sims: 50, calls: 344, db: 9, errors: 79, agentError: 9, model: 'ollama_chat/qwen2.5:7b' },
};

describeShared('tau2 Results adapter on the shared airline trajectories', () => {
  let corpus: CorpusResult;
  beforeAll(() => {
    corpus = readCorpus([TRAJ]);
  });

  it('reads every simulation as one episode, with no problem (140 in all)', () => {
    expect(corpus.problems).toEqual([]);
    expect(corpus.summary).toMatchObject({ files: 4, episodes: 140, skipped: {}, flagged: { aborted: 9, textOnlyCalls: 0 } });
    expect(new Set(corpus.episodes.map((e) => e.id)).size).toBe(140);
  });

  it('per file: episodes, executed steps, taskCompleted = db_match, failed tool calls, agent_error runs flagged aborted', () => {
    for (const [file, x] of Object.entries(EXPECTED)) {
      const eps = corpus.episodes.filter((e) => e.source.file === file);
      const steps = eps.flatMap((e) => e.steps);
      expect({
        file,
        sims: eps.length,
        calls: steps.length,
        db: eps.filter((e) => e.outcome.taskCompleted).length,
        errors: steps.filter((s) => !s.ok).length,
        agentError: eps.filter((e) => e.flags.aborted !== null).length,
      }).toEqual({ file, sims: x.sims, calls: x.calls, db: x.db, errors: x.errors, agentError: x.agentError });
      // every call of these logs got a result
      expect(steps.some((s) => s.error === NOT_EXECUTED)).toBe(false);
      expect(eps.every((e) => e.source.format === 'tau2' && e.source.suite === 'airline' && e.group === e.source.userTask)).toBe(true);
      expect(new Set(eps.map((e) => e.source.model))).toEqual(new Set([x.model]));
    }
  });

  it('streamCorpus yields the same episodes, problems and summary', async () => {
    const stream = streamCorpus([TRAJ], { batchSize: 7 });
    const got: Episode[] = [];
    for await (const batch of stream) got.push(...batch);
    expect(got).toEqual(corpus.episodes);
    expect(stream.summary()).toEqual(corpus.summary);
  });

  it('every episode validates against the episode schema', () => {
    expect(corpus.episodes.flatMap((e) => validateEpisode(e, e.source.file!, e.id))).toEqual([]);
  });

  it('hand-checked: gpt-4.1 task 30 (one-stop → nonstop flight change)', () => {
    const ep: Episode = corpus.episodes.find((e) => e.id === 'gpt-4.1_airline_test20/30/0')!;
    expect(ep.group).toBe('30');
    expect(ep.source).toEqual({
      format: 'tau2',
      file: GPT41,
      model: 'gpt-4.1',
      suite: 'airline',
      userTask: '30',
      injectionTask: null,
      attack: null,
    });
    expect(ep.request).toBe(
      'Hi, I’d like to make some changes to my upcoming flight from Las Vegas to Houston. Can you help me with that?',
    );
    expect(ep.steps.map((s) => [s.index, s.tool, s.ok])).toEqual([
      [0, 'get_reservation_details', true],
      [1, 'search_direct_flight', true],
      [2, 'update_reservation_flights', true],
    ]);
    expect(ep.steps[0]!.args).toEqual({ reservation_id: '1N99U6' });
    expect(ep.steps[1]!.args).toEqual({ origin: 'LAS', destination: 'IAH', date: '2024-05-19' });
    expect(ep.steps[2]!.args).toEqual({
      reservation_id: '1N99U6',
      cabin: 'economy',
      payment_id: 'gift_card_5634230',
      flights: [
        { flight_number: 'HAT266', date: '2024-05-19' },
        { flight_number: 'HAT112', date: '2024-05-27' },
      ],
    });
    expect(
      ep.steps[0]!.result.startsWith('{"reservation_id": "1N99U6", "user_id": "james_taylor_7043", "origin": "LAS", "destination": "IAH"'),
    ).toBe(true);
    expect(ep.outcome).toEqual({ taskCompleted: true, completedAtStep: null });
    expect(ep.benchmark).toEqual({
      db_match: true,
      reward: 1,
      simulation_id: '9b0777eb-59b5-4279-ab51-2e6d1d96a222',
      termination_reason: 'user_stop',
    });
  });

  it('hand-checked: gpt-4.1 task 48 made one cancel_reservation and failed db_match (reward 0)', () => {
    const ep = corpus.episodes.find((e) => e.id === 'gpt-4.1_airline_test20/48/0')!;
    expect(ep.steps.map((s) => s.tool)).toEqual(['cancel_reservation']);
    expect(ep.outcome.taskCompleted).toBe(false);
    expect(ep.benchmark).toMatchObject({ db_match: false, reward: 0 });
  });

  it('detects the format from the content', async () => {
    const { readFileSync } = await import('node:fs');
    expect(detectFormat(JSON.parse(readFileSync(GPT41, 'utf8')))).toBe('tau2');
    expect(detectFormat(JSON.parse(readFileSync(join(TAU2, 'tau-bench-v1/gpt-4o-airline.json'), 'utf8')))).toBe('tau-bench');
    expect(detectFormat(JSON.parse(readFileSync(join(TAU2, 'tools.json'), 'utf8')))).toBeNull();
  });

  it('tools.json (no log) gives the one unrecognized-format line', () => {
    const r = readCorpus([join(TAU2, 'tools.json')]);
    expect(r.episodes).toEqual([]);
    expect(r.summary.skipped).toEqual({ 'unrecognized-format': 1 });
    expect(r.problems).toEqual([
      {
        file: join(TAU2, 'tools.json'),
        record: null,
        message: 'unrecognized format: expected one of agentdojo, tau2, tau-bench, openai-chat, jsonl, arrow',
      },
    ]);
  });
});

// Hand-written Results documents: each malformed simulation is one counted problem.
const sim = (over: Record<string, unknown>) => ({
  id: 's',
  task_id: '7',
  trial: 0,
  termination_reason: 'user_stop',
  reward_info: { reward: 1, db_check: { db_match: true, db_reward: 1 } },
  messages: [
    { role: 'assistant', content: 'Hi!', tool_calls: null },
    { role: 'user', content: 'Cancel ABC123 please.', tool_calls: null },
    {
      role: 'assistant',
      content: '',
      tool_calls: [{ id: 'a', name: 'get_reservation_details', arguments: { reservation_id: 'ABC123' }, requestor: 'assistant' }],
    },
    { role: 'tool', id: 'a', content: 'Error: reservation ABC123 not found', error: true },
    { role: 'assistant', content: '', tool_calls: [{ id: 'b', name: 'cancel_reservation', arguments: { reservation_id: 'ABC123' } }] },
  ],
  ...over,
});

describe('tau2 Results adapter: hand-written documents', () => {
  it('maps an error result and keeps an unanswered call as not executed; no db_check means not completed', () => {
    const r = adaptTau2(
      {
        info: { agent_info: { llm: 'm' }, environment_info: { domain_name: 'airline' } },
        simulations: [sim({ reward_info: { reward: 0, db_check: null }, termination_reason: 'agent_error' })],
      },
      'dir/run.json',
    );
    expect(r.problems).toEqual([]);
    const ep = r.episodes[0]!;
    expect(ep.id).toBe('run/7/0');
    expect(ep.request).toBe('Cancel ABC123 please.');
    expect(ep.steps).toEqual([
      {
        index: 0,
        tool: 'get_reservation_details',
        args: { reservation_id: 'ABC123' },
        result: '',
        error: 'Error: reservation ABC123 not found',
        ok: false,
      },
      { index: 1, tool: 'cancel_reservation', args: { reservation_id: 'ABC123' }, result: '', error: NOT_EXECUTED, ok: false },
    ]);
    expect(ep.outcome.taskCompleted).toBe(false);
    expect(ep.flags.aborted).toBe('tau2 termination_reason: agent_error');
    expect(ep.benchmark).toEqual({ db_match: null, reward: 0, simulation_id: 's', termination_reason: 'agent_error' });
  });

  it('a user-side tool call (dual-control domains) and its result are not agent steps', () => {
    const base = sim({});
    const messages = [
      ...base.messages.slice(0, 2),
      { role: 'user', content: '', tool_calls: [{ id: 'u1', name: 'toggle_airplane_mode', arguments: {}, requestor: 'user' }] },
      { role: 'tool', id: 'u1', content: 'ok', requestor: 'user' },
      ...base.messages.slice(2),
    ];
    const r = adaptTau2({ simulations: [{ ...base, messages }] }, 'run.json');
    expect(r.problems).toEqual([]);
    expect(r.episodes[0]!.steps.map((s) => s.tool)).toEqual(['get_reservation_details', 'cancel_reservation']);
  });

  it('one problem line per malformed simulation, counted by reason; the good ones are kept', () => {
    const r = adaptTau2(
      {
        simulations: [
          sim({}),
          sim({ task_id: '8', reward_info: { reward: 1, db_check: { db_match: 'yes' } } }),
          sim({ task_id: '9', messages: [{ role: 'tool', id: 'zz', content: 'x' }] }),
          sim({
            task_id: '10',
            messages: [{ role: 'assistant', tool_calls: [{ id: 'q', name: 'get_user_details', arguments: '{"user_id":"u"}' }] }],
          }),
          'not a simulation',
        ],
      },
      'x.json',
    );
    expect(r.episodes.map((e) => e.id)).toEqual(['x/7/0']);
    expect(r.problems).toEqual([
      { file: 'x.json', record: '/simulations/1/reward_info/db_check/db_match', message: 'expected a boolean, found string' },
      {
        file: 'x.json',
        record: '/simulations/2/messages/0',
        message: 'expected a tool result for an earlier unanswered tool call, found id "zz" that none has',
      },
      { file: 'x.json', record: '/simulations/3/messages/0/tool_calls/0/arguments', message: 'expected an object, found string' },
      { file: 'x.json', record: '/simulations/4', message: 'expected an object, found string' },
    ]);
    expect(r.skipped).toEqual({ 'wrong-type': 3, 'unpaired-result': 1 });
  });
});

describe('tau2 failed calls without an `error` key (tau2 Environment.get_response writes "Error: <exception>")', () => {
  const doc = (tool: Record<string, unknown>) => ({
    simulations: [
      {
        id: 's',
        task_id: 't',
        termination_reason: 'user_stop',
        reward_info: { reward: 1, db_check: { db_match: true } },
        messages: [
          { role: 'assistant', content: null, tool_calls: [{ id: 'c1', name: 'book_reservation', arguments: {} }] },
          { role: 'tool', id: 'c1', ...tool },
        ],
      },
    ],
  });
  const step = (tool: Record<string, unknown>) => adaptTau2(doc(tool), 'x.json').episodes[0]!.steps[0]!;

  it('content "Error: …" and no error key: a failed step, its error the content', () => {
    expect(step({ content: 'Error: Payment amount does not add up' })).toMatchObject({
      ok: false,
      error: 'Error: Payment amount does not add up',
      result: '',
    });
  });
  it('the key, when present, is what the log says: error true fails, error false succeeds', () => {
    expect(step({ content: 'Error: x', error: true })).toMatchObject({ ok: false, error: 'Error: x' });
    expect(step({ content: '{"a":1}', error: false })).toMatchObject({ ok: true, error: null });
  });
  it('no key and a result that does not start with "Error: ": executed', () => {
    expect(step({ content: '"Error-free"' })).toMatchObject({ ok: true, error: null, result: '"Error-free"' });
  });
});
