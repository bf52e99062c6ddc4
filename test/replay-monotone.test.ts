import { describe, expect, it } from 'vitest';
import type { Episode } from '@carb/episodes';
import { SELECTOR_KINDS, withSelector } from '@carb/pipeline';
import { ledgerTraces, replayCorpus } from '@carb/replay';
import { BUNDLED, bundledEpisodes, defaultPipeline, sharedEpisodes } from './helpers/replayCorpora.ts';
import { describeShared } from './helpers/shared.ts';

/** Episodes whose union loss is nonzero at λ⊥ or decreases somewhere along the grid, for every selector. */
function violations(episodes: readonly Episode[]): string[] {
  const base = defaultPipeline();
  const traces = ledgerTraces(episodes, base);
  const out: string[] = [];
  for (const kind of SELECTOR_KINDS) {
    const t = replayCorpus(episodes, withSelector(base, { kind }), { traces });
    for (let e = 0; e < t.n; e++) {
      const row = e * t.G;
      if (t.lossUnion[row] !== 0) out.push(`${kind} ${t.ids[e]}: loss ${t.lossUnion[row]} at λ⊥`);
      for (let g = 1; g < t.G; g++) {
        if (t.lossUnion[row + g]! < t.lossUnion[row + g - 1]!) out.push(`${kind} ${t.ids[e]}: loss drops at grid ${g}`);
      }
    }
  }
  return out;
}

describe('union loss is zero at λ⊥ and non-decreasing in λ (bundled suites)', () => {
  for (const name of BUNDLED) {
    it(`${name}, all selectors`, () => {
      expect(violations(bundledEpisodes(name))).toEqual([]);
    }, 300_000);
  }
});

describeShared('union loss is zero at λ⊥ and non-decreasing in λ (shared AgentDojo)', () => {
  it('2,587 episodes, all selectors', () => {
    expect(violations(sharedEpisodes())).toEqual([]);
  }, 300_000);
});
