import { describe, expect, it } from 'vitest';
import { monitorRisk, monitorStateRisk, type MonitorState } from '@carb/deploy';

describe('monitorStateRisk', () => {
  it("is monitorRisk over the batches' losses in arrival order, a checkpoint at the end of each batch", () => {
    const state = { batches: [{ losses: '0110' }, { losses: '1' }, { losses: '001' }] } as unknown as MonitorState;
    const got = monitorStateRisk(state, 0.1, 0.05);
    expect(got).toEqual(monitorRisk([0, 1, 1, 0, 1, 0, 0, 1], 0.1, 0.05, [4, 5, 8]));
    expect(got.checkpoints.map((c) => [c.episodes, c.lossSum])).toEqual([
      [4, 2],
      [5, 3],
      [8, 4],
    ]);
  });
});
