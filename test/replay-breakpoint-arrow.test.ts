import { tableFromIPC } from 'apache-arrow';
import { encodeArrow } from '@carb/episodes';
import { describe, expect, it } from 'vitest';
import { BREAKPOINT_BATCH_EPISODES, breakpointTablesFromArrow, breakpointTablesToArrow, replayFused } from '@carb/replay';
import { allSelectors } from './helpers/fusedReference.ts';
import { bundledEpisodes, defaultPipeline } from './helpers/replayCorpora.ts';

const pipeline = defaultPipeline();

describe('breakpoint tables as Arrow IPC', () => {
  const episodes = bundledEpisodes('ces-near-miss');
  const tables = replayFused(episodes, pipeline, allSelectors(pipeline));

  it('round trip equals the in-memory tables for all five selectors; bytes stable across encodes', () => {
    const bytes = breakpointTablesToArrow(tables);
    expect(breakpointTablesFromArrow(bytes, 'x.arrow')).toEqual(tables);
    expect(Buffer.from(breakpointTablesToArrow(tables)).equals(Buffer.from(bytes))).toBe(true);
  }, 60_000);

  it('layout: one row per selector × episode, batches of whole episodes of one selector, selector dictionary id 0', () => {
    const table = tableFromIPC(breakpointTablesToArrow(tables));
    expect(table.numRows).toBe(5 * episodes.length);
    const batches = Math.ceil(episodes.length / BREAKPOINT_BATCH_EPISODES) * 5;
    expect(table.batches.length).toBe(batches);
    expect(table.schema.fields.find((f) => f.name === 'selector')!.type.id).toBe(0);
    const steps = episodes.reduce((s, e) => s + e.steps.length, 0);
    const listed = [...table.getChild('executesFrom')!].reduce((s: number, l) => s + (l as { length: number }).length, 0);
    expect(listed).toBe(5 * steps);
  });

  it('batches split at BREAKPOINT_BATCH_EPISODES and join back', () => {
    // the bundled suites are smaller than one batch: repeat a corpus under fresh ids to cross a boundary
    const many = Array.from({ length: Math.ceil((BREAKPOINT_BATCH_EPISODES + 1) / episodes.length) }, (_, r) => episodes.map((e) => ({ ...e, id: `${e.id}#${r}` }))).flat();
    const big = replayFused(many, pipeline, allSelectors(pipeline).slice(0, 2));
    const bytes = breakpointTablesToArrow(big);
    expect(tableFromIPC(bytes).batches.map((b) => b.numRows)).toEqual([BREAKPOINT_BATCH_EPISODES, BREAKPOINT_BATCH_EPISODES, many.length - BREAKPOINT_BATCH_EPISODES, many.length - BREAKPOINT_BATCH_EPISODES]);
    expect(breakpointTablesFromArrow(bytes)).toEqual(big);
  }, 120_000);

  it('refuses a file that is not a breakpoint table, naming it', () => {
    expect(() => breakpointTablesFromArrow(encodeArrow(episodes.slice(0, 3)), 'y.arrow')).toThrow('y.arrow: expected a carb breakpoint table (schema metadata "carb.breakpoints"), found none');
  });
});
