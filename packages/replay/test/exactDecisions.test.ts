import { describe, expect, it } from 'vitest';
import type { Episode } from '@carb/episodes';
import type { PolicyStep } from '@carb/episodes/policy';
import { formatScore, gridValue, type Pipeline } from '@carb/pipeline';
import { TEST_TYPING, testPipeline } from '../../evidence/test/helpers.ts';
import { createGate, naiveReplay, replayCorpus, scoreEpisode, type GateThreshold } from '../src/index.ts';

// cancel_calendar_event is typed external sink + irreversible (configs/tools/agentdojo.json):
// .05 + .25 + .24 + .07 = .61, the example (0.6100000000000001 as a float sum)
const pipeline: Pipeline = { ...testPipeline(), toolTyping: { ...TEST_TYPING, cancel_calendar_event: ['external_sink', 'irreversible'] } };
const external: Pipeline = { ...pipeline, scorer: { ...pipeline.scorer, source: 'external' } };

const steps: PolicyStep[] = [
  { index: 0, tool: 'list_items', args: {}, result: 'ok', error: null, ok: true },
  { index: 1, tool: 'cancel_calendar_event', args: { event_id: '7' }, result: 'cancelled', error: null, ok: true },
];
const ep = (id: string, externalScores: number[] | null = null): Episode => ({
  id,
  group: id,
  source: { format: 'ces', file: null, model: null, suite: 'ces', userTask: null, injectionTask: null, attack: null },
  request: null,
  steps,
  outcome: { taskCompleted: true, completedAtStep: 1 },
  benchmark: null,
  injections: {},
  flags: { aborted: null, textOnlyCalls: false },
  externalScores,
});

/** Prefix the online gate executes on the logged episode at threshold λ. */
function gatePrefix(p: Pipeline, e: Episode, lambda: GateThreshold): number {
  const gate = createGate(p, lambda, { episodeId: e.id });
  for (const s of e.steps) {
    if (gate.propose({ tool: s.tool, args: s.args, ...(e.externalScores ? { externalScore: e.externalScores[s.index]! } : {}) }) === 'stop')
      break;
    gate.observe({ result: s.result, error: s.error });
  }
  return gate.executed.length;
}

describe('exact decisions at a grid point', () => {
  it('a weighted score of exactly .61 is allowed at λ = .61 (grid index 62), stopped at .60', () => {
    const s = scoreEpisode(ep('a'), pipeline, pipeline.selector);
    expect(s.scores.map(formatScore)).toEqual(['0.05', '0.61']);
    expect(Array.from(s.allowFrom)).toEqual([6, 62]);
    const table = replayCorpus([ep('a')], pipeline);
    expect([table.executed[61], table.executed[62]]).toEqual([1, 2]);
    expect([
      gatePrefix(pipeline, ep('a'), 0.6),
      gatePrefix(pipeline, ep('a'), 0.61),
      gatePrefix(pipeline, ep('a'), { gridIndex: 61 }),
      gatePrefix(pipeline, ep('a'), { gridIndex: 62 }),
    ]).toEqual([1, 2, 1, 2]);
  });

  it('the literal reference makes the same decisions at every grid index', () => {
    const single = replayCorpus([ep('a')], pipeline);
    const naive = naiveReplay([ep('a')], pipeline);
    expect(Array.from(naive.executed)).toEqual(Array.from(single.executed));
    // λ⊥ stops the first proposal; from λ = .05 (index 6) step 0 runs; from .61 (index 62) both
    expect(Array.from(naive.executed)).toEqual(Array.from({ length: 102 }, (_, g) => (g < 6 ? 0 : g < 62 ? 1 : 2)));
  });

  it('a bring-your-own score is compared as the decimal it was written as: 0.07 (0.0700…0666 as a double) does not exceed λ = .07', () => {
    const e = ep('x', [0, 0.07]);
    const s = scoreEpisode(e, external, external.selector);
    expect(s.scores.map(formatScore)).toEqual(['0', '0.07']);
    // grid index 8 is λ = .07: q = 7/100 ≤ λ, so step 1 runs from there (its double would have waited for .08)
    expect(Array.from(s.allowFrom)).toEqual([1, 8]);
    const single = replayCorpus([e], external);
    expect(Array.from(naiveReplay([e], external).executed)).toEqual(Array.from(single.executed));
    expect([single.executed[7], single.executed[8]]).toEqual([1, 2]);
    expect([
      gatePrefix(external, e, 0.06),
      gatePrefix(external, e, 0.07),
      gatePrefix(external, e, { gridIndex: 7 }),
      gatePrefix(external, e, { gridIndex: 8 }),
    ]).toEqual([1, 2, 1, 2]);
    // 0.58 is 0.5799…96 as a double and 58/100 as written: allowed from λ = .58 either way
    expect(Array.from(scoreEpisode(ep('y', [0, 0.58]), external, external.selector).allowFrom)).toEqual([1, 59]);
    // more places than a double carries stays the double
    expect(formatScore(scoreEpisode(ep('z', [0, 0.1234567890123456]), external, external.selector).scores[1]!)).toBe('0.1234567890123456');
  });

  it('at every grid point the gate given λ_g as a decimal, as a grid index, and the table agree', () => {
    const table = replayCorpus([ep('a')], pipeline);
    for (let g = 0; g < table.G; g++) {
      expect(
        [gatePrefix(pipeline, ep('a'), gridValue(pipeline.grid, g)), gatePrefix(pipeline, ep('a'), { gridIndex: g })],
        `grid ${g}`,
      ).toEqual([table.executed[g], table.executed[g]]);
    }
  });

  it('a gate given a grid index outside the grid is refused', () => {
    expect(() => createGate(pipeline, { gridIndex: 102 })).toThrow('gate: expected a grid index in 0..101, found 102');
    expect(() => createGate(pipeline, { gridIndex: 1.5 })).toThrow('gate: expected a grid index in 0..101, found 1.5');
  });
});
