import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeJsonl, type Episode } from '@carb/episodes';
import { SELECTOR_KINDS, defaultPipelinePath, gridSize, loadPipeline, withSelector } from '@carb/pipeline';
import {
  allocateOutcomeTable,
  breakpointTable,
  denseFromBreakpoints,
  fillEpisodeRows,
  ledgerTraces,
  replayFused,
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

// replayFused scores each episode into columns it keeps from episode to episode (ScoreColumns): its
// tables against the reference construction from fresh arrays, with episodes that outgrow the columns
describe('replayFused', () => {
  it('gives the tables breakpointTable builds from scoreEpisode, for every selector at once, episodes short and long in any order', () => {
    const file = resolve(root, 'corpora', 'graph-braid.jsonl');
    const base = decodeJsonl(readFileSync(file, 'utf8'), file).episodes.slice(0, 6);
    // longer episodes than any bundled corpus holds (20 steps): the steps again, renumbered
    const longer = (e: Episode, times: number): Episode => ({
      ...e,
      id: `${e.id}-x${times}`,
      group: `${e.group}-x${times}`,
      steps: Array.from({ length: times }, (_, k) => e.steps.map((s) => ({ ...s, index: s.index + k * e.steps.length }))).flat(),
    });
    const episodes = [base[0]!, longer(base[1]!, 4), base[2]!, longer(base[3]!, 2), longer(base[4]!, 5), base[5]!];
    expect(episodes.map((e) => e.steps.length)).toEqual([20, 80, 20, 40, 100, 20]);
    const selectors = SELECTOR_KINDS.map((kind) => ({ method: kind, selector: withSelector(pipeline, { kind }).selector }));
    const fused = replayFused(episodes, pipeline, selectors);
    const traces = ledgerTraces(episodes, pipeline);
    selectors.forEach(({ method, selector }, s) => {
      const p = withSelector(pipeline, selector);
      const reference = breakpointTable(
        method,
        p.grid,
        episodes,
        episodes.map((e) => scoreEpisode(e, p, p.selector)),
        traces,
      );
      expect(columnDifferences(fused[s]!, reference)).toEqual([]);
    });
  }, 60_000);
});
