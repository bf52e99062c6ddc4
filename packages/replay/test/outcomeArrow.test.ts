import { describe, expect, it } from 'vitest';
import type { Episode } from '@carb/episodes';
import { LEDGER_CATEGORIES, defaultPipelinePath, loadPipeline } from '@carb/pipeline';
import { allocateOutcomeTable, outcomeTableFromArrow, outcomeTableToArrow } from '../src/index.ts';

const pipeline = loadPipeline(defaultPipelinePath());
const ep = (id: string, group: string, steps: number, taskCompleted: boolean): Episode => ({
  id, group,
  source: { format: 'ces', file: null, model: null, suite: 'ces', userTask: null, injectionTask: null, attack: null },
  request: null,
  steps: Array.from({ length: steps }, (_, i) => ({ index: i, tool: 'list_items', args: {}, result: '', error: null, ok: true })),
  outcome: { taskCompleted, completedAtStep: taskCompleted ? steps - 1 : null },
  benchmark: null, injections: {}, flags: { aborted: null, textOnlyCalls: false }, externalScores: null,
});

/** Two episodes, hand-filled: a 3-step leak stopped before step 2 from grid 5 on, and a clean 1-step episode. */
function handBuilt() {
  const t = allocateOutcomeTable('graph', pipeline.grid, [ep('a/leak', 'a', 3, true), ep('b/clean', 'b', 1, false)]);
  t.unionFirstStep.set([2, -1]);
  for (let g = 0; g < t.G; g++) {
    const a = g, b = t.G + g;
    t.executed[a] = g < 5 ? 2 : 3;
    t.stopStep[a] = g < 5 ? 2 : -1;
    t.lossUnion[a] = g < 5 ? 0 : 1;
    t.lossCount[a] = g < 5 ? 0 : 2;
    t.success[a] = g < 5 ? 0 : 1;
    t.scored[a] = 3;
    t.ctxSelected[a] = 4;
    t.ctxFull[a] = 6;
    t.executed[b] = g === 0 ? 0 : 1;
    t.stopStep[b] = g === 0 ? 0 : -1;
    t.scored[b] = 1;
    t.ctxSelected[b] = 1;
    t.ctxFull[b] = 1;
  }
  t.lossByCategory[LEDGER_CATEGORIES[0]!].fill(1, 5, t.G);
  return t;
}

describe('outcome table Arrow IPC', () => {
  it('round-trips a hand-built 2-episode table exactly', () => {
    const t = handBuilt();
    const back = outcomeTableFromArrow(outcomeTableToArrow(t));
    expect(back).toEqual(t);
    expect(back.ids).toEqual(['a/leak', 'b/clean']);
    expect(back.groups).toEqual(['a', 'b']);
    expect(Array.from(back.steps)).toEqual([3, 1]);
    expect(Array.from(back.taskCompleted)).toEqual([1, 0]);
    expect(Array.from(back.unionFirstStep)).toEqual([2, -1]);
    expect([back.executed[4], back.executed[5], back.executed[102], back.executed[103]]).toEqual([2, 3, 0, 1]);
    expect([back.stopStep[4], back.stopStep[5], back.stopStep[102], back.stopStep[103]]).toEqual([2, -1, 0, -1]);
    expect([back.lossUnion[4], back.lossUnion[5], back.lossCount[101]]).toEqual([0, 1, 2]);
    expect(back.lossByCategory[LEDGER_CATEGORIES[0]!][5]).toBe(1);
    expect(back.lossByCategory[LEDGER_CATEGORIES[1]!][5]).toBe(0);
  });

  it('is byte-deterministic across calls in one process (fixed dictionary ids)', () => {
    const a = outcomeTableToArrow(handBuilt());
    const b = outcomeTableToArrow(handBuilt());
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});
