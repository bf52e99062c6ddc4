import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../packages/cli/test/runCli.ts';
import { ROOT } from './helpers/shared.ts';
import { snapshot, writeTinySweep } from './helpers/sweepFixture.ts';
import { SHARD_CALIBRATE_ARGS, SHARD_CORPUS, SHARD_COUNT, SHARD_REPORT_FILES } from './helpers/shardFixture.ts';

const work = mkdtempSync(join(tmpdir(), 'carb-cluster-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const corpus = SHARD_CORPUS;
const N = SHARD_COUNT;
const calibrateArgs = SHARD_CALIBRATE_ARGS;
const REPORT_FILES = SHARD_REPORT_FILES;

// configs/cluster/*.sbatch run outside Slurm with the environment a Slurm array task gets
describe('cluster job scripts', () => {
  const one = join(work, 'one');
  it('one-process report', async () => {
    const a = await runCli(['calibrate', corpus, ...calibrateArgs, '--out', one, '--workers', '1']);
    expect(a.code, a.err).toBe(0);
  }, 120_000);

  it('the Slurm array script and its merge step, run as Slurm would run them, give the one-process report', () => {
    const slurmShards = join(work, 'slurm-shards');
    const out = join(work, 'slurm-report');
    const carb = `node ${join(ROOT, 'packages/cli/bin/carb.js')}`;
    const env = {
      ...process.env,
      CARB: carb,
      CARB_CORPUS: corpus,
      CARB_SHARDS: slurmShards,
      SLURM_CPUS_PER_TASK: '1',
      SLURM_ARRAY_TASK_MIN: '1',
      SLURM_ARRAY_TASK_COUNT: String(N),
    };
    // --array=1-3
    for (let task = 1; task <= N; task++) {
      const r = spawnSync('bash', [join(ROOT, 'configs/cluster/replay-array.sbatch')], {
        env: { ...env, SLURM_ARRAY_TASK_ID: String(task) },
        encoding: 'utf8',
      });
      expect(r.status, r.stderr).toBe(0);
    }
    const m = spawnSync('bash', [join(ROOT, 'configs/cluster/calibrate-merge.sbatch')], {
      env: { ...env, CARB_OUT: out, CARB_CALIBRATE_ARGS: calibrateArgs.join(' ') },
      encoding: 'utf8',
    });
    expect(m.status, m.stderr).toBe(0);
    for (const f of REPORT_FILES) expect(readFileSync(join(out, f)).equals(readFileSync(join(one, f))), f).toBe(true);
  }, 120_000);

  it('the sweep array script and its merge step, run as Slurm would run them, give the one-process sweep', async () => {
    const spec = writeTinySweep(work);
    const oneSweep = join(work, 'sweep-one');
    const a = await runCli(['sweep', spec, '--workers', '1', '--out', oneSweep]);
    expect(a.code, a.err).toBe(0);
    const shards = join(work, 'sweep-shards');
    const out = join(work, 'sweep-merged');
    const env = {
      ...process.env,
      CARB: `node ${join(ROOT, 'packages/cli/bin/carb.js')}`,
      CARB_SPEC: spec,
      CARB_SWEEP_SHARDS: shards,
      SLURM_CPUS_PER_TASK: '1',
      SLURM_ARRAY_TASK_MIN: '1',
      SLURM_ARRAY_TASK_COUNT: '3',
    };
    // --array=1-3: 4 conditions over 3 tasks
    for (let task = 1; task <= 3; task++) {
      const r = spawnSync('bash', [join(ROOT, 'configs/cluster/sweep-array.sbatch')], {
        env: { ...env, SLURM_ARRAY_TASK_ID: String(task) },
        encoding: 'utf8',
      });
      expect(r.status, r.stderr).toBe(0);
    }
    const m = spawnSync('bash', [join(ROOT, 'configs/cluster/sweep-merge.sbatch')], { env: { ...env, CARB_OUT: out }, encoding: 'utf8' });
    expect(m.status, m.stderr).toBe(0);
    expect(snapshot(out)).toEqual(snapshot(oneSweep));
  }, 120_000);
});
