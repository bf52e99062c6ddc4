import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeJsonl } from '@carb/episodes';
import { defaultPipelinePath, loadPipeline, withSelector } from '@carb/pipeline';
import { concatBreakpoints, replayFused } from '../src/index.ts';

const root = resolve(import.meta.dirname, '../../..');
const pipeline = loadPipeline(defaultPipelinePath());
const file = resolve(root, 'corpora/ces-clean.jsonl');
const episodes = decodeJsonl(readFileSync(file, 'utf8'), file).episodes.slice(0, 12);
const selectors = [{ method: 'graph', selector: withSelector(pipeline, { kind: 'graph' }).selector }];

describe('concatBreakpoints', () => {
  it('joins chunk tables into the table of the whole replay, and with consume empties each part it copied', () => {
    const whole = replayFused(episodes, pipeline, selectors)[0]!;
    const chunks = () =>
      [episodes.slice(0, 5), episodes.slice(5, 6), episodes.slice(6)].map((c) => replayFused(c, pipeline, selectors)[0]!);
    expect(concatBreakpoints(chunks())).toEqual(whole);
    const parts = chunks();
    expect(concatBreakpoints(parts, true)).toEqual(whole);
    for (const p of parts) {
      // stepOffset, ids and groups stay (they are read before any column is copied); every other column is let go
      expect(p.executesFrom).toHaveLength(0);
      expect(p.contextSize).toHaveLength(0);
      expect(p.runsFrom).toHaveLength(0);
      expect(p.taskCompleted).toHaveLength(0);
      expect(Object.values(p.lossFrom).every((c) => c.length === 0)).toBe(true);
    }
  }, 60_000);
});
