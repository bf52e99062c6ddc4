import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { tableFromIPC } from 'apache-arrow';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeBreakpointArrow, shardSize } from '@carb/replay';
import { defaultPipelinePath, loadPipeline } from '@carb/pipeline';
import { mergeShards, resolveShard } from '@carb/jobs';
import { runCli } from '../packages/cli/test/runCli.ts';
import { ROOT } from './helpers/shared.ts';
import { SHARD_CALIBRATE_ARGS, SHARD_CORPUS, SHARD_COUNT, SHARD_REPORT_FILES } from './helpers/shardFixture.ts';

const work = mkdtempSync(join(tmpdir(), 'carb-shards-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const corpus = SHARD_CORPUS;
const N = SHARD_COUNT;
const calibrateArgs = SHARD_CALIBRATE_ARGS;
const REPORT_FILES = SHARD_REPORT_FILES;

describe('--shard', () => {
  it('reads i/N, and auto from a Kubernetes Indexed Job or a Slurm array', () => {
    expect(resolveShard('--shard', '3/16', {})).toEqual({ index: 3, count: 16 });
    expect(resolveShard('--shard', 'auto', { JOB_COMPLETION_INDEX: '2', CARB_SHARD_COUNT: '4' })).toEqual({ index: 2, count: 4 });
    expect(resolveShard('--shard', 'auto/8', { JOB_COMPLETION_INDEX: '7' })).toEqual({ index: 7, count: 8 });
    // --array=1-4: task ids 1 … 4 are shards 0 … 3
    expect(resolveShard('--shard', 'auto', { SLURM_ARRAY_TASK_ID: '4', SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_COUNT: '4' })).toEqual({
      index: 3,
      count: 4,
    });
    expect(() => resolveShard('--shard', '4/4', {})).toThrow('--shard: expected a shard index i with 0 ≤ i < N = 4, found 4/4 → i = 4');
    expect(() => resolveShard('--shard', '1/0', {})).toThrow('--shard: expected a shard count N from 1 to 100000');
    expect(() => resolveShard('--shard', '3', {})).toThrow('--shard: expected i/N with 0 ≤ i < N (e.g. 3/16), auto, or auto/N, found 3');
    expect(() => resolveShard('--shard', 'auto', {})).toThrow('found neither');
    expect(() => resolveShard('--shard', 'auto', { SLURM_ARRAY_TASK_ID: '0' })).toThrow(
      'expected the shard count as auto/N, CARB_SHARD_COUNT or SLURM_ARRAY_TASK_COUNT',
    );
  });

  it('shard sizes partition the corpus (k mod N = i)', () => {
    for (const total of [0, 1, 5, 320, 2587]) {
      for (const count of [1, 2, 3, 4, 7, 16]) {
        const sizes = Array.from({ length: count }, (_, i) => shardSize(total, i, count));
        const direct = Array.from(
          { length: count },
          (_, i) => Array.from({ length: total }, (_, k) => k).filter((k) => k % count === i).length,
        );
        expect(sizes).toEqual(direct);
      }
    }
  });
});

describe('sharded replay + merge', () => {
  const shards = join(work, 'shards');
  const one = join(work, 'one');
  const merged = join(work, 'merged');

  it(`${N} shards merged by calibrate give the one-process report byte for byte`, async () => {
    for (let i = 0; i < N; i++) {
      const r = await runCli(['replay', corpus, '--selector', 'all', '--shard', `${i}/${N}`, '--out', shards, '--workers', '1']);
      expect(r.code, r.err).toBe(0);
      expect(r.out).toContain(`shard ${i}/${N}: replayed 80 of 320 episodes`);
    }
    expect(readdirSync(shards).sort()).toEqual([
      'shard-00000-of-00004.arrow',
      'shard-00001-of-00004.arrow',
      'shard-00002-of-00004.arrow',
      'shard-00003-of-00004.arrow',
    ]);
    const a = await runCli(['calibrate', corpus, ...calibrateArgs, '--out', one, '--workers', '1']);
    expect(a.code, a.err).toBe(0);
    const b = await runCli(['calibrate', ...readdirSync(shards).map((f) => join(shards, f)), ...calibrateArgs, '--out', merged]);
    expect(b.code, b.err).toBe(0);
    for (const f of REPORT_FILES) expect(readFileSync(join(merged, f)).equals(readFileSync(join(one, f))), f).toBe(true);
    const hash = (dir: string) => (JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { pipelineHash: string }).pipelineHash;
    expect(hash(merged)).toBe(hash(one));
    // the shards read are inputs carb verify checks: each by path and the SHA-256 of its bytes
    const inputs = (JSON.parse(readFileSync(join(merged, 'manifest.json'), 'utf8')) as { inputs?: Record<string, string> }).inputs;
    expect(inputs).toEqual(
      Object.fromEntries(
        readdirSync(shards).map((f) => [
          join(shards, f),
          createHash('sha256')
            .update(readFileSync(join(shards, f)))
            .digest('hex'),
        ]),
      ),
    );
  }, 120_000);

  it('uneven shards (ces-clean, 160 episodes in 3 shards of 54, 53, 53) interleave back to the whole table', async () => {
    const dir = join(work, 'uneven');
    const whole = join(work, 'whole.arrow');
    expect(
      (await runCli(['replay', join(ROOT, 'corpora/ces-clean.jsonl'), '--selector', 'all', '--out', whole, '--workers', '1'])).code,
    ).toBe(0);
    for (let i = 0; i < 3; i++) {
      const r = await runCli([
        'replay',
        join(ROOT, 'corpora/ces-clean.jsonl'),
        '--selector',
        'all',
        '--shard',
        `${i}/3`,
        '--out',
        dir,
        '--workers',
        '1',
      ]);
      expect(r.out).toContain(`shard ${i}/3: replayed ${i === 0 ? 54 : 53} of 160 episodes`);
    }
    const pipeline = loadPipeline(defaultPipelinePath());
    const merged = mergeShards(
      readdirSync(dir)
        .sort()
        .map((f) => join(dir, f)),
      pipeline,
    );
    const one = decodeBreakpointArrow(readFileSync(whole), whole);
    expect([...merged.tables.values()]).toEqual(one.tables);
    expect({ ...merged.provenance, shard: null }).toEqual(one.provenance);
  }, 60_000);

  it('re-running one task rewrites its shard to the same bytes and leaves no temporary file', async () => {
    const file = join(shards, 'shard-00001-of-00004.arrow');
    const before = readFileSync(file);
    expect((await runCli(['replay', corpus, '--selector', 'all', '--shard', `1/${N}`, '--out', shards, '--workers', '1'])).code).toBe(0);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(readdirSync(shards).filter((f) => f.includes('.tmp'))).toEqual([]);
  }, 60_000);

  it('refuses a missing, duplicated or foreign shard, naming it', async () => {
    const files = readdirSync(shards)
      .sort()
      .map((f) => join(shards, f));
    const out = join(work, 'refused');
    const missing = await runCli(['calibrate', files[0]!, files[2]!, files[3]!, '--out', out]);
    expect(missing.code).toBe(1);
    expect(missing.errLines).toEqual(['carb: shards: missing 1 of 4: index 1; expected every shard 0 … 3']);
    const dup = await runCli(['calibrate', ...files, files[1]!, '--out', out]);
    expect(dup.code).toBe(1);
    expect(dup.errLines[0]).toBe(`carb: ${files[1]!}: duplicate shard 1/4 (also ${files[1]!})`);
    // a shard of another corpus (ces-clean, 160 episodes)
    const other = join(work, 'other');
    expect(
      (
        await runCli([
          'replay',
          join(ROOT, 'corpora/ces-clean.jsonl'),
          '--selector',
          'all',
          '--shard',
          `1/${N}`,
          '--out',
          other,
          '--workers',
          '1',
        ])
      ).code,
    ).toBe(0);
    const foreign = await runCli(['calibrate', files[0]!, join(other, 'shard-00001-of-00004.arrow'), files[2]!, files[3]!, '--out', out]);
    expect(foreign.code).toBe(1);
    expect(foreign.errLines[0]).toMatch(
      new RegExp(
        `^carb: ${join(other, 'shard-00001-of-00004.arrow')}: foreign shard: corpus \\w{12} \\(160 episodes\\) vs \\w{12} \\(320\\)`,
      ),
    );
    // the same shards calibrated under another pipeline (another scorer weight)
    const pipeline = JSON.parse(readFileSync(join(ROOT, 'configs/pipelines/default.json'), 'utf8')) as {
      scorer: { weights: Record<string, number> };
      toolTyping: string[];
    };
    pipeline.scorer.weights.intercept = 0.06;
    pipeline.toolTyping = pipeline.toolTyping.map((p) => join(ROOT, 'configs/pipelines', p));
    writeFileSync(join(work, 'p.json'), JSON.stringify(pipeline));
    const alien = await runCli(['calibrate', ...files, '--pipeline', join(work, 'p.json'), '--out', out]);
    expect(alien.code).toBe(1);
    expect(alien.errLines[0]).toBe(
      `carb: ${files[0]!}: replayed under another pipeline than the one calibrating (differing components: scorer); expected shards of this pipeline`,
    );
    // a shard edited in place (an episode without ledger loss, index 102 = G, given a loss from grid index 50 on), or cut short: refused, named
    const copy = join(work, 'edited');
    mkdirSync(copy);
    const edited = files.map((f) => join(copy, basename(f)));
    for (let i = 0; i < files.length; i++) writeFileSync(edited[i]!, readFileSync(files[i]!));
    const bytes = readFileSync(edited[2]!);
    const table = tableFromIPC(bytes);
    // arrow-js reads the column in place: its values are a view of `bytes`
    const loss = table.batches[0]!.getChild('unionLossFrom')!.data[0]!.values as Int32Array;
    expect([loss.buffer === bytes.buffer, loss[0]]).toEqual([true, 102]);
    loss[0] = 50;
    writeFileSync(edited[2]!, bytes);
    const tampered = await runCli(['calibrate', ...edited, ...calibrateArgs, '--out', out]);
    expect(tampered.code).toBe(1);
    expect(tampered.errLines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^carb: ${edited[2]!}: expected sha256 [0-9a-f]{64} of the file bytes, found [0-9a-f]{64} \\(file altered after carb wrote it\\)$`,
        ),
      ),
    ]);
    writeFileSync(edited[2]!, readFileSync(files[2]!));
    writeFileSync(edited[1]!, readFileSync(files[1]!).subarray(0, 3000));
    const truncated = await runCli(['calibrate', ...edited, ...calibrateArgs, '--out', out]);
    expect(truncated.code).toBe(1);
    expect(truncated.errLines).toEqual([
      `carb: ${edited[1]!}: expected a whole carb breakpoint table, found a truncated or damaged file (its Arrow footer does not read); replay this shard again`,
    ]);
    // a corpus and a shard together is a usage error
    const mixed = await runCli(['calibrate', corpus, files[0]!, '--out', out]);
    expect(mixed.code).toBe(2);
    expect(readdirSync(work)).not.toContain('refused');
  }, 120_000);
});
