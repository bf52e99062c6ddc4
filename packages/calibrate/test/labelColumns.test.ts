import { describe, expect, it } from 'vitest';
import { labelRowsOf, type EpisodeLabels } from '@carb/episodes';
import { alignLabels } from '../src/index.ts';

const label = (id: string, harmful: boolean, sinkStep: number | null, benignBranchSteps: number[]): EpisodeLabels => ({
  id,
  pair: id,
  kind: harmful ? 'harmful' : 'benign',
  harmful,
  sinkStep,
  benignBranchSteps,
});

describe('alignLabels of labels as objects or as columns', () => {
  const labels = [label('x', true, 2, [4, 1, 4]), label('y', false, null, []), label('z', false, null, [0])];

  it('aligns to the episode order, with sorted distinct benign steps, the same from objects and from rows', () => {
    for (const given of [labels, labelRowsOf(labels)]) {
      const c = alignLabels(['z', 'x', 'y'], given);
      expect([...c.harmful]).toEqual([0, 1, 0]);
      expect([...c.sinkStep]).toEqual([-1, 2, -1]);
      // z: [0]; x: [1, 4]; y: none; each distinct list held once
      expect([0, 1, 2].map((e) => [...c.benignLists[c.benignList[e]!]!])).toEqual([[0], [1, 4], []]);
      expect(c.benignLists).toHaveLength(3);
      expect(c.benignRule).toBe('graph-braid');
    }
  });

  it('takes the last label of a repeated id, reads CES without benign steps, and refuses a missing or sinkless harmful label', () => {
    const rows = labelRowsOf([label('a', false, null, []), label('a', true, 0, [])]);
    const c = alignLabels(['a'], rows);
    expect([...c.harmful]).toEqual([1]);
    expect(c.benignRule).toBe('ces');
    expect(() => alignLabels(['a', 'q'], rows)).toThrow('labels: no label for episode q; expected one label per calibrated episode');
    expect(() => alignLabels(['h'], labelRowsOf([label('h', true, null, [])]))).toThrow(
      "labels: episode h is harmful but has sinkStep null; expected the sink's step index",
    );
  });
});
