import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeJsonl } from '@carb/episodes';
import { SELECTOR_KINDS, defaultPipelinePath, gridSize, loadPipeline, withSelector } from '@carb/pipeline';
import {
  allocateOutcomeTable,
  breakpointTable,
  denseFromBreakpoints,
  fillEpisodeRows,
  ledgerTraces,
  scoreEpisode,
  stoppedPrefixLengths,
} from '../src/index.ts';

const root = resolve(import.meta.dirname, '../../..');
const pipeline = loadPipeline(defaultPipelinePath());

/** Names of the columns that differ (typed arrays compared as bytes: toEqual walks them element by element). */
function columnDifferences(a: object, b: object, prefix = ''): string[] {
  const out: string[] = [];
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = (a as Record<string, unknown>)[k];
    const y = (b as Record<string, unknown>)[k];
    if (ArrayBuffer.isView(x) && ArrayBuffer.isView(y)) {
      if (
        x.constructor !== y.constructor ||
        !Buffer.from(x.buffer, x.byteOffset, x.byteLength).equals(Buffer.from(y.buffer, y.byteOffset, y.byteLength))
      )
        out.push(prefix + k);
    } else if (x && y && typeof x === 'object' && typeof y === 'object' && !Array.isArray(x)) {
      out.push(...columnDifferences(x, y, `${prefix}${k}.`));
    } else if (JSON.stringify(x) !== JSON.stringify(y)) out.push(prefix + k);
  }
  return out;
}

// The breakpoint formulas (breakpoints.ts) against the dense construction replay used before them:
// the same per-step scores, expanded row by row through stoppedPrefixLengths + fillEpisodeRows.
describe('breakpoint table', () => {
  for (const name of ['ces-clean', 'ces-near-miss']) {
    it(`${name}: expands to the dense replay table for every selector`, () => {
      const file = resolve(root, 'corpora', `${name}.jsonl`);
      const { episodes } = decodeJsonl(readFileSync(file, 'utf8'), file);
      const traces = ledgerTraces(episodes, pipeline);
      const G = gridSize(pipeline.grid);
      for (const kind of SELECTOR_KINDS) {
        const p = withSelector(pipeline, { kind });
        const scores = episodes.map((e) => scoreEpisode(e, p, p.selector));
        const dense = allocateOutcomeTable(kind, p.grid, episodes);
        episodes.forEach((e, i) =>
          fillEpisodeRows(dense, i, e, stoppedPrefixLengths(scores[i]!.allowFrom, G), traces[i]!.firstStep, scores[i]!.contextSize),
        );
        const bt = breakpointTable(kind, p.grid, episodes, scores, traces);
        expect(bt.executesFrom.length).toBe(episodes.reduce((s, e) => s + e.steps.length, 0));
        expect(columnDifferences(denseFromBreakpoints(bt), dense)).toEqual([]);
      }
    }, 60_000);
  }
});
