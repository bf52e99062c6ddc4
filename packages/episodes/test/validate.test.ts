import { describe, expect, it } from 'vitest';
import { jsonObjectAt } from '@carb/io';
import { encodeJsonl, decodeJsonl, validateEpisode, type Episode } from '@carb/episodes';

const valid: Episode = {
  id: 'm/s/u/none/none',
  group: 'm/s/u/none/none',
  source: { format: 'jsonl', file: null, model: 'm', suite: 's', userTask: 'u', injectionTask: null, attack: null },
  request: null,
  steps: [{ index: 0, tool: 'get_balance', args: {}, result: '10', error: null, ok: true }],
  outcome: { taskCompleted: true, completedAtStep: null },
  benchmark: { utility: true },
  injections: {},
  flags: { aborted: null, textOnlyCalls: false },
  externalScores: null,
};
const clone = (): Record<string, unknown> => structuredClone(valid) as unknown as Record<string, unknown>;
// the object at a JSON pointer of an episode being broken on purpose
const at = (v: unknown, pointer: string) => jsonObjectAt(v, pointer);

describe('validateEpisode', () => {
  it('accepts a valid episode', () => {
    expect(validateEpisode(valid, 'c.jsonl')).toEqual([]);
    expect(decodeJsonl(encodeJsonl([valid]), 'c.jsonl').episodes).toEqual([valid]);
  });

  it('names file, episode, JSON pointer, expected and found, one line each', () => {
    const v = clone();
    at(v, '/steps/0').ok = 'yes';
    delete at(v, '/outcome').taskCompleted;
    at(v, '/source').format = 'csv';
    v.extra = 1;
    expect(validateEpisode(v, 'c.jsonl')).toEqual([
      'c.jsonl: episode m/s/u/none/none: /extra: unknown key (number 1); expected one of "id", "group", "source", "request", "steps", "outcome", "benchmark", "injections", "flags", "externalScores"',
      'c.jsonl: episode m/s/u/none/none: /source/format: expected one of "agentdojo", "tau2", "tau-bench", "openai-chat", "ces", "graph-braid", "jsonl", found string "csv" (did you mean "ces"?)',
      'c.jsonl: episode m/s/u/none/none: /steps/0/ok: expected a boolean, found string "yes"',
      'c.jsonl: episode m/s/u/none/none: /outcome/taskCompleted: expected a value (required key), found nothing',
    ]);
  });

  it('reports nullable types, ranges and the cross-field rules', () => {
    const v = clone();
    at(v, '/steps/0').error = 3;
    v.externalScores = [0.5, 2];
    expect(validateEpisode(v, 'f')).toEqual([
      'f: episode m/s/u/none/none: /steps/0/error: expected a string or null, found number 3',
      'f: episode m/s/u/none/none: /externalScores/1: expected a number <= 1, found number 2',
    ]);
    const r = clone();
    r.request = 5;
    expect(validateEpisode(r, 'f')).toEqual(['f: episode m/s/u/none/none: /request: expected a string or null, found number 5']);
    const w = clone();
    w.externalScores = [0.5, 0.5];
    expect(validateEpisode(w, 'f')).toEqual([
      'f: episode m/s/u/none/none: /externalScores: expected one score per step (1), found an array (length 2)',
    ]);
  });

  it('names the record when there is no id', () => {
    const v = clone();
    delete v.id;
    expect(validateEpisode(v, 'c.jsonl', 'line 4')).toEqual([
      'c.jsonl: episode line 4 (no id): /id: expected a value (required key), found nothing',
    ]);
  });
});
