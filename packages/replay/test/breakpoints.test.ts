import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeJsonl } from '@carb/episodes';
import { SELECTOR_KINDS, defaultPipelinePath, loadPipeline, withSelector } from '@carb/pipeline';
import { breakpointTable, denseFromBreakpoints, ledgerTraces, replayCorpus, scoreEpisode } from '../src/index.ts';

const root = resolve(import.meta.dirname, '../../..');
const pipeline = loadPipeline(defaultPipelinePath());

describe('breakpoint table', () => {
  for (const name of ['ces-clean', 'ces-near-miss']) {
    it(`${name}: expands to the dense replay table for every selector`, () => {
      const file = resolve(root, 'corpora', `${name}.jsonl`);
      const { episodes } = decodeJsonl(readFileSync(file, 'utf8'), file);
      const traces = ledgerTraces(episodes, pipeline);
      for (const kind of SELECTOR_KINDS) {
        const p = withSelector(pipeline, { kind });
        const dense = replayCorpus(episodes, p, { traces });
        const bt = breakpointTable(kind, p.grid, episodes, episodes.map((e) => scoreEpisode(e, p, p.selector)), traces);
        expect(bt.executesFrom.length).toBe(episodes.reduce((s, e) => s + e.steps.length, 0));
        expect(denseFromBreakpoints(bt)).toEqual(dense);
      }
    }, 60_000);
  }
});
