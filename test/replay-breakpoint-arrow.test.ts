import { createHash } from 'node:crypto';
import { Schema, Table, tableFromIPC, tableToIPC, type Dictionary } from 'apache-arrow';
import { encodeArrow } from '@carb/episodes';
import { describe, expect, it } from 'vitest';
import { BREAKPOINT_BATCH_EPISODES, breakpointTablesFromArrow, breakpointTablesToArrow, replayFused } from '@carb/replay';
import { allSelectors } from './helpers/fusedReference.ts';
import { bundledEpisodes, defaultPipeline } from './helpers/replayCorpora.ts';

const pipeline = defaultPipeline();

/** `bytes` with its carb.breakpoints metadata changed by `edit`, the whole-file digest recomputed as carb writes it (a foreign writer's file). */
function withMeta(bytes: Uint8Array, edit: (meta: Record<string, unknown>) => void): Uint8Array {
  const table = tableFromIPC(bytes);
  const meta = JSON.parse(table.schema.metadata.get('carb.breakpoints')!) as Record<string, unknown>;
  edit(meta);
  const zeros = '0'.repeat(64);
  const metadata = new Map([['carb.breakpoints', JSON.stringify({ ...meta, arrowSha256: zeros })]]);
  const out = tableToIPC(new Table(new Schema(table.schema.fields, metadata, table.schema.dictionaries), table.batches), 'file');
  const at = Buffer.from(out).lastIndexOf(Buffer.from(`"arrowSha256":"${zeros}"`, 'latin1')) + '"arrowSha256":"'.length;
  out.set(Buffer.from(createHash('sha256').update(out).digest('hex'), 'latin1'), at);
  return out;
}

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
    expect((table.schema.fields.find((f) => f.name === 'selector')!.type as Dictionary).id).toBe(0);
    const steps = episodes.reduce((s, e) => s + e.steps.length, 0);
    const listed = [...table.getChild('executesFrom')!].reduce((s: number, l) => s + (l as { length: number }).length, 0);
    expect(listed).toBe(5 * steps);
  });

  it('batches split at BREAKPOINT_BATCH_EPISODES and join back', () => {
    // the bundled suites are smaller than one batch: repeat a corpus under fresh ids to cross a boundary
    const many = Array.from({ length: Math.ceil((BREAKPOINT_BATCH_EPISODES + 1) / episodes.length) }, (_, r) =>
      episodes.map((e) => ({ ...e, id: `${e.id}#${r}` })),
    ).flat();
    const big = replayFused(many, pipeline, allSelectors(pipeline).slice(0, 2));
    const bytes = breakpointTablesToArrow(big);
    expect(tableFromIPC(bytes).batches.map((b) => b.numRows)).toEqual([
      BREAKPOINT_BATCH_EPISODES,
      BREAKPOINT_BATCH_EPISODES,
      many.length - BREAKPOINT_BATCH_EPISODES,
      many.length - BREAKPOINT_BATCH_EPISODES,
    ]);
    expect(breakpointTablesFromArrow(bytes)).toEqual(big);
  }, 120_000);

  it('carries the SHA-256 of the whole file (its own 64 digits read as zeros), as a corpus Arrow file does; an edited or cut file is refused', () => {
    const bytes = breakpointTablesToArrow(tables);
    const text = Buffer.from(bytes).toString('latin1');
    const digits = /"arrowSha256":"([0-9a-f]{64})"/.exec(text)![1]!;
    const zeroed = Buffer.from(text.replace(`"arrowSha256":"${digits}"`, `"arrowSha256":"${'0'.repeat(64)}"`), 'latin1');
    expect(createHash('sha256').update(zeroed).digest('hex')).toBe(digits);
    // one value of a column changed in place (arrow-js reads it as a view of the bytes)
    const edited = Uint8Array.from(bytes);
    const column = tableFromIPC(edited).batches[0]!.getChild('runsFrom')!.data[0]!.values as Int32Array;
    column[0] = column[0]! === 0 ? 1 : 0;
    const found = createHash('sha256')
      .update(Buffer.from(Buffer.from(edited).toString('latin1').replace(digits, '0'.repeat(64)), 'latin1'))
      .digest('hex');
    expect(() => breakpointTablesFromArrow(edited, 'e.arrow')).toThrow(
      `e.arrow: expected sha256 ${digits} of the file bytes, found ${found} (file altered after carb wrote it)`,
    );
    expect(() => breakpointTablesFromArrow(bytes.subarray(0, bytes.length - 100), 't.arrow')).toThrow(
      't.arrow: expected a whole carb breakpoint table, found a truncated or damaged file (its Arrow footer does not read); replay this shard again',
    );
  }, 60_000);

  it('refuses metadata of the wrong shape, one line per problem (configs/schema/breakpoint-meta.schema.json)', () => {
    const bytes = breakpointTablesToArrow(tables.slice(0, 2));
    const bad = withMeta(bytes, (m) => {
      m.grid = { bottom: 1, denominator: 100 };
      m.n = -1;
      m.selectors = ['a', 'a'];
      m.provenanse = null;
    });
    expect(() => breakpointTablesFromArrow(bad, 'm.arrow')).toThrow(
      [
        'm.arrow: breakpoint metadata /provenanse: unknown key (null); did you mean "provenance"?',
        'm.arrow: breakpoint metadata /grid/bottom: expected a negative grid bottom, found number 1',
        'm.arrow: breakpoint metadata /n: expected an episode count (integer ≥ 0), found number -1',
        'm.arrow: breakpoint metadata /selectors: expected distinct selector names (at least one), found an array (length 2)',
      ].join('\n'),
    );
    // the provenance a shard merge trusts (mergeShards reads it through here)
    const provenance = {
      carbVersion: '0.1.0',
      components: { grid: 'ab'.repeat(32) },
      corpusDigest: 'd',
      corpusEpisodes: 9,
      format: null,
      noise: null,
      models: [],
      corpus: ['c.jsonl'],
      shard: { index: 0, count: 3 },
    };
    const shard = breakpointTablesToArrow(tables.slice(0, 1), provenance);
    expect(() =>
      breakpointTablesFromArrow(
        withMeta(shard, (m) => {
          m.provenance = { ...provenance, corpusEpisodes: '9', shard: { index: 0, count: 0 } };
        }),
        's.arrow',
      ),
    ).toThrow(
      [
        's.arrow: breakpoint metadata /provenance/corpusEpisodes: expected an episode count (integer ≥ 0), found string "9"',
        's.arrow: breakpoint metadata /provenance/shard/count: expected a shard count (integer ≥ 1), found number 0',
      ].join('\n'),
    );
    // the rewrite itself keeps a good file readable
    expect(
      breakpointTablesFromArrow(
        withMeta(bytes, () => undefined),
        'ok.arrow',
      ),
    ).toEqual(tables.slice(0, 2));
    expect(() =>
      breakpointTablesFromArrow(
        withMeta(bytes, (m) => {
          m.format = 1;
        }),
        'f.arrow',
      ),
    ).toThrow('f.arrow: expected breakpoint table format 2 (with its content digest), found 1; replay again with this carb version');
  }, 60_000);

  it('refuses a file that is not a breakpoint table, naming it', () => {
    expect(() => breakpointTablesFromArrow(encodeArrow(episodes.slice(0, 3)), 'y.arrow')).toThrow(
      'y.arrow: expected a carb breakpoint table (schema metadata "carb.breakpoints"), found none',
    );
  });
});
