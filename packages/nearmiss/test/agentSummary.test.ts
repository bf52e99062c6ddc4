import { describe, expect, it } from 'vitest';
import type { Episode } from '@carb/episodes';
import { agentSummaries, type EpisodeFindings } from '../src/index.ts';

/** An episode of `model` with one executed mutating call, correct or not, flagged or not. */
function traj(model: string, correct: boolean, flagged: boolean): [Episode, EpisodeFindings] {
  const ep = { id: 'x', source: { model }, outcome: { taskCompleted: correct } } as unknown as Episode;
  const failures = flagged ? ([{}] as unknown as EpisodeFindings['failures']) : [];
  return [ep, { episode: 'x', agent: model, mutatingSteps: [1], failures }];
}

function summaries(list: Array<[Episode, EpisodeFindings]>) {
  return agentSummaries(
    list.map((t) => t[0]),
    list.map((t) => t[1]),
  );
}

describe('agentSummaries: near-miss rates with Wilson intervals', () => {
  it('0 near-misses of 7 correct: the interval starts at exactly 0 (the Wilson formula alone gives 2.8e-17)', () => {
    const [s] = summaries(Array.from({ length: 7 }, () => traj('m', true, false)));
    expect(s!.rateCorrect).toBe(0);
    expect(s!.ciCorrect!.low).toBe(0);
    // z²/(n + z²) with z = Z95, n = 7: the upper end of 0/n
    expect(s!.ciCorrect!.high).toBeCloseTo(1.959963984540054 ** 2 / (7 + 1.959963984540054 ** 2), 14);
  });

  it('no incorrect trajectory: rate and interval null (nothing to show, printed "–")', () => {
    const [s] = summaries([traj('m', true, true)]);
    expect(s!.incorrect).toBe(0);
    expect(s!.rateIncorrect).toBeNull();
    expect(s!.ciIncorrect).toBeNull();
    // 1/1: the upper end is exactly 1, the lower 1/(1 + z²)
    expect(s!.ciCorrect).toEqual({ low: expect.closeTo(1 / (1 + 1.959963984540054 ** 2), 14) as number, high: 1 });
  });
});
