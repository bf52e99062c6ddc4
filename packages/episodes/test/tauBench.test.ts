import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { adaptTauBench, readCorpus, validateEpisode, type CorpusResult } from '@carb/episodes';
import { SHARED, describeShared } from '../../../test/helpers/shared.ts';

const V1 = resolve(SHARED, 'corpora/tau2-airline/tau-bench-v1/gpt-4o-airline.json');

/*
 * Expected figures, counted with jq on the shared file (not with this code):
 *   records 200   jq length
 *   calls  1164   jq '[.[].traj[] | select(.role=="assistant") | (.tool_calls // [])[]] | length'
 *   reward 1: 84  jq '[.[]|select(.reward==1)]|length'   (README: mean reward 0.42 = 84/200)
 *   errors   73   jq '[.[].traj[]|select(.role=="tool" and (.content|startswith("Error:")))]|length'
 */
describeShared('tau-bench v1 adapter on the shared gpt-4o airline records', () => {
  let corpus: CorpusResult;
  beforeAll(() => {
    corpus = readCorpus([V1]);
  });

  it('one episode per record, every call executed, errors from "Error:" results, taskCompleted = reward 1', () => {
    expect(corpus.problems).toEqual([]);
    expect(corpus.summary).toMatchObject({ files: 1, episodes: 200, skipped: {} });
    const steps = corpus.episodes.flatMap((e) => e.steps);
    expect(steps).toHaveLength(1164);
    expect(steps.filter((s) => !s.ok)).toHaveLength(73);
    expect(corpus.episodes.filter((e) => e.outcome.taskCompleted)).toHaveLength(84);
    expect(corpus.episodes.flatMap((e) => validateEpisode(e, V1, e.id))).toEqual([]);
  });

  it('hand-checked: task 0 trial 0 (a reused call id is paired with its own result)', () => {
    const ep = corpus.episodes.find((e) => e.id === 'gpt-4o-airline/0/0')!;
    expect(ep.group).toBe('0');
    expect(ep.request).toBe("Hi! I'm looking to book a flight from New York to Seattle on May 20th.");
    expect(ep.steps.map((s) => s.tool)).toEqual([
      'get_user_details',
      'search_direct_flight',
      'search_onestop_flight',
      'calculate',
      'book_reservation',
      'think',
      'calculate',
      'book_reservation',
    ]);
    // steps 1 and 2 carry the same id (call_HGn16KZh9oNCruxsMJ4gYXan) in the log
    expect(ep.steps[2]!.result.startsWith('[[{"flight_number": "HAT057", "origin": "JFK", "destination": "ATL"')).toBe(true);
    expect(ep.steps[3]).toMatchObject({ args: { expression: '152 + 103' }, result: '255.0', ok: true });
    expect(ep.steps[4]).toMatchObject({ ok: false, result: '' });
    expect(ep.steps[4]!.error!.startsWith('Error: payment amount does not add up, total price is 305, but paid 25')).toBe(true);
    expect(ep.steps[7]!.ok).toBe(true);
    expect(ep.outcome.taskCompleted).toBe(false);
    expect(ep.benchmark).toMatchObject({ reward: 0 });
  });
});

describe('tau-bench v1 adapter: malformed records', () => {
  it('one counted problem per bad record, the others kept', () => {
    const call = (id: string, args: string) => ({
      role: 'assistant',
      content: null,
      tool_calls: [{ id, type: 'function', function: { name: 'get_user_details', arguments: args } }],
    });
    const r = adaptTauBench(
      [
        {
          task_id: 3,
          trial: 1,
          reward: 1,
          traj: [
            { role: 'user', content: 'hi' },
            call('a', '{"user_id":"u"}'),
            { role: 'tool', tool_call_id: 'a', name: 'get_user_details', content: '{}' },
          ],
        },
        { task_id: 4, trial: 0, reward: 0, traj: [call('a', '{"user_id":')] },
        { task_id: 5, trial: 0, traj: [] },
      ],
      'v1.json',
    );
    expect(r.episodes.map((e) => [e.id, e.outcome.taskCompleted, e.steps.length])).toEqual([['v1/3/1', true, 1]]);
    expect(r.problems).toEqual([
      {
        file: 'v1.json',
        record: '/1/traj/0/tool_calls/0/function/arguments',
        message: 'expected the arguments as a JSON object string, found malformed JSON',
      },
      { file: 'v1.json', record: '/2/reward', message: 'expected a number, found nothing' },
    ]);
    expect(r.skipped).toEqual({ 'malformed-arguments': 1, 'missing-key': 1 });
  });
});

describe('tau-bench v1 adapter: failed calls (tau_bench/envs/base.py Env.step)', () => {
  it('"Unknown action <name>" (a tool name the env does not have) is a failed step, as "Error: …" is', () => {
    const call = (id: string, name: string) => ({
      role: 'assistant',
      content: null,
      tool_calls: [{ id, type: 'function', function: { name, arguments: '{}' } }],
    });
    const r = adaptTauBench(
      [
        {
          task_id: 1,
          trial: 0,
          reward: 0,
          traj: [
            call('a', 'cancel_booking'),
            { role: 'tool', tool_call_id: 'a', content: 'Unknown action cancel_booking' },
            call('b', 'get_user_details'),
            { role: 'tool', tool_call_id: 'b', content: 'Error: user not found' },
            call('c', 'calculate'),
            { role: 'tool', tool_call_id: 'c', content: '12.0' },
          ],
        },
      ],
      'v1.json',
    );
    expect(r.episodes[0]!.steps.map((s) => [s.tool, s.ok, s.error])).toEqual([
      ['cancel_booking', false, 'Unknown action cancel_booking'],
      ['get_user_details', false, 'Error: user not found'],
      ['calculate', true, null],
    ]);
  });
});
