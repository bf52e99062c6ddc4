import { expect, it } from 'vitest';
import { withSelector } from '@carb/pipeline';
import { gridMeans, replayCorpus } from '@carb/replay';
import { bundledEpisodes, defaultPipeline } from './helpers/replayCorpora.ts';

it('fixed-window-4 (proposal + 3 executed) gives Table 8 CtxRed at λ = 1: CES clean .462, near-miss .481', () => {
  const pipeline = withSelector(defaultPipeline(), { kind: 'window' });
  expect(pipeline.selector.window).toBe(4);
  const at1 = (name: 'ces-clean' | 'ces-near-miss') => gridMeans(replayCorpus(bundledEpisodes(name), pipeline)).at(-1)!.ctxRed!;
  expect(at1('ces-clean').toFixed(3)).toBe('0.462');
  expect(at1('ces-near-miss').toFixed(3)).toBe('0.481');
});
