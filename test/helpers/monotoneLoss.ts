import type { Episode } from '@carb/episodes';
import { SELECTOR_KINDS, withSelector } from '@carb/pipeline';
import { ledgerTraces, replayCorpus } from '@carb/replay';
import { defaultPipeline } from './replayCorpora.ts';

/** Episodes whose union loss is nonzero at λ⊥ or decreases somewhere along the grid, for every selector. */
export function monotoneViolations(episodes: readonly Episode[]): string[] {
  const base = defaultPipeline();
  const traces = ledgerTraces(episodes, base);
  const out: string[] = [];
  for (const kind of SELECTOR_KINDS) {
    const t = replayCorpus(episodes, withSelector(base, { kind }), { traces });
    for (let e = 0; e < t.n; e++) {
      const row = e * t.G;
      if (t.lossUnion[row] !== 0) out.push(`${kind} ${t.ids[e]!}: loss ${t.lossUnion[row]!} at λ⊥`);
      for (let g = 1; g < t.G; g++) {
        if (t.lossUnion[row + g]! < t.lossUnion[row + g - 1]!) out.push(`${kind} ${t.ids[e]!}: loss drops at grid ${g}`);
      }
    }
  }
  return out;
}
