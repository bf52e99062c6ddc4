import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPipelinePath, loadPipeline } from '@carb/pipeline';
import {
  loadSweepSpec,
  mergeSweep,
  onlyProblem,
  runSweep,
  selectConditions,
  type ConditionResult,
  type SweepEvent,
  type SweepRecord,
  type SweepSpec,
} from '@carb/sweep';
import { TINY_AGGREGATES, TINY_SWEEP, shardCopy, snapshot, writeTinySweep } from './helpers/sweepFixture.ts';

const work = mkdtempSync(join(tmpdir(), 'carb-sweep-runner-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const pipeline = loadPipeline(defaultPipelinePath());
const carbVersion = '0.0.0-test';
const names = TINY_SWEEP.conditions.map((c) => c.name);

/** A spec with conditions c0 … c4 (selection only looks at names). */
const fiveSpec = {
  ...TINY_SWEEP,
  name: 'five',
  conditions: [0, 1, 2, 3, 4].map((i) => ({ ...TINY_SWEEP.conditions[0], name: `c${i}` })),
} as unknown as SweepSpec;

describe('condition selection', () => {
  it('--shard i/N takes the selected conditions k with k mod N = i, after --only', () => {
    const pick = (only?: string[], shard?: { index: number; count: number }) =>
      selectConditions(fiveSpec, only, shard).map((s) => `${s.index}:${s.condition.name}`);
    expect(pick()).toEqual(['0:c0', '1:c1', '2:c2', '3:c3', '4:c4']);
    expect(pick(undefined, { index: 1, count: 2 })).toEqual(['1:c1', '3:c3']);
    expect(pick(undefined, { index: 0, count: 3 })).toEqual(['0:c0', '3:c3']);
    // the selected list is c0 c2 c3 c4: its positions 1 and 3 are c2 and c4; names keep spec order
    expect(pick(['c4', 'c0', 'c2', 'c3'], { index: 1, count: 2 })).toEqual(['2:c2', '4:c4']);
    expect(pick(undefined, { index: 6, count: 7 })).toEqual([]);
  });

  it('--only refuses an unknown name naming the flag and the nearest condition, and a repeated one', () => {
    expect(onlyProblem(fiveSpec, ['c1', 'c3'])).toBeNull();
    expect(onlyProblem(fiveSpec, ['c1', 'cc3'])).toBe('--only: expected condition names of sweep five (did you mean c3?), found cc3');
    expect(onlyProblem(fiveSpec, ['baseline'])).toBe('--only: expected condition names of sweep five (c0, c1, c2, c3, c4), found baseline');
    expect(onlyProblem(fiveSpec, ['c1', 'c1'])).toBe('--only: expected each condition once, found c1 twice');
    expect(() => selectConditions(fiveSpec, ['c9'])).toThrow('--only: expected condition names of sweep five');
  });
});

describe('runSweep on worker threads', () => {
  // one run on two workers; that one worker writes the same bytes is in sweep-runner.full.test.ts
  let spec: SweepSpec;
  const one = join(work, 'one');
  const events: SweepEvent[] = [];
  beforeAll(async () => {
    spec = loadSweepSpec(writeTinySweep(work));
    await runSweep({ spec, pipeline, out: one, workers: 2, carbVersion, onEvent: (e) => events.push(e) });
  }, 240_000);

  it("writes one file per condition, named by the hash sweep.json records, with the spec's episodes and split seeds", () => {
    const record = JSON.parse(readFileSync(join(one, 'sweep.json'), 'utf8')) as SweepRecord;
    expect(record.name).toBe('tiny');
    expect(record.conditions.map((c) => c.name)).toEqual(names);
    expect(readdirSync(join(one, 'conditions')).sort()).toEqual(record.conditions.map((c) => `${c.hash}.json`).sort());
    for (const [i, c] of TINY_SWEEP.conditions.entries()) {
      const r = JSON.parse(readFileSync(join(one, 'conditions', `${record.conditions[i]!.hash}.json`), 'utf8')) as ConditionResult;
      expect(r.name).toBe(c.name);
      expect(r.episodes).toBe(200);
      // one row per method and split seed first … first + count − 1
      expect(r.rows.map((row) => `${row.method}@${row.seed}`)).toEqual(
        ['no-guard', 'g-carb'].flatMap((m) => [0, 1].map((k) => `${m}@${c.splitSeeds.first + k}`)),
      );
    }
    expect(readdirSync(one).sort()).toEqual(['conditions', ...TINY_AGGREGATES].sort());
  });

  it('reports every condition queued, running, then done', () => {
    for (const name of names) expect(events.filter((e) => e.name === name).map((e) => e.status)).toEqual(['queued', 'running', 'done']);
  });

  it('a rerun evaluates nothing: every condition is skipped and no byte changes', async () => {
    const before = snapshot(one);
    const seen: SweepEvent[] = [];
    const run = await runSweep({ spec, pipeline, out: one, workers: 2, carbVersion, onEvent: (e) => seen.push(e) });
    expect({ evaluated: run.evaluated, skipped: run.skipped }).toEqual({ evaluated: 0, skipped: 4 });
    expect(seen.map((e) => `${e.status} ${e.name}`)).toEqual(names.map((n) => `skipped ${n}`));
    expect(snapshot(one)).toEqual(before);
  });

  it('another carb version changes every hash, so nothing is reused', async () => {
    const other = join(work, 'version');
    cpSync(one, other, { recursive: true });
    const run = await runSweep({ spec, pipeline, out: other, workers: 1, carbVersion: '0.0.0-other', only: ['baseline'] });
    expect({ evaluated: run.evaluated, skipped: run.skipped, present: run.present, aggregates: run.aggregates }).toEqual({
      evaluated: 1,
      skipped: 0,
      present: 1,
      aggregates: [],
    });
    // the four results of the other version stay, reported as not this sweep's
    expect(run.foreign).toEqual(readdirSync(join(one, 'conditions')).sort());
  }, 120_000);

  describe('mergeSweep', () => {
    const shard = (i: number) => shardCopy(one, join(work, `shard${i}`), i);

    it('joins two shard folders into the bytes of one run', () => {
      const out = join(work, 'merged');
      mergeSweep([shard(0), shard(1)], out);
      expect(snapshot(out)).toEqual(snapshot(one));
    });

    it("refuses, naming the file, a condition file that is not one of the spec's", () => {
      const a = shard(0);
      const stale = join(a, 'conditions', `${'0'.repeat(64)}.json`);
      writeFileSync(stale, '{}\n');
      const out = join(work, 'refused-stale');
      expect(() => mergeSweep([a, shard(1)], out)).toThrow(`${stale}: not a condition of sweep tiny`);
      expect(existsSync(out)).toBe(false);
    });

    it('refuses a missing condition, naming it', () => {
      const out = join(work, 'refused-missing');
      expect(() => mergeSweep([shard(0)], out)).toThrow(
        /^sweep tiny: 2 of 4 conditions missing from .*: prevalence-\.2 \([0-9a-f]{12}\), edge-dropout-\.10 \([0-9a-f]{12}\); expected every condition/,
      );
      expect(existsSync(out)).toBe(false);
    });

    it('refuses folders of different specs, naming the sweep.json', async () => {
      const b = shard(1);
      // another description: the same condition hashes, another spec
      const edited = join(work, 'edited');
      mkdirSync(edited, { recursive: true });
      const other = loadSweepSpec(writeTinySweep(edited, { description: 'edited' }));
      await runSweep({ spec: other, pipeline, out: b, workers: 1, carbVersion, shard: { index: 1, count: 2 } });
      const out = join(work, 'refused-spec');
      expect(() => mergeSweep([shard(0), b], out)).toThrow(`${join(b, 'sweep.json')}: sweep tiny with spec hash`);
      expect(existsSync(out)).toBe(false);
    });
  });
});
