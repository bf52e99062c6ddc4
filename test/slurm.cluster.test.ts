import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from '../packages/cli/test/runCli.ts';
import { AGENTDOJO_RUNS, ROOT, describeShared } from './helpers/shared.ts';
import { SHARD_REPORT_FILES } from './helpers/shardFixture.ts';

// `npm run test:cluster`: carb as a Slurm job array on a one-node Slurm this file brings up
// (scripts/cluster/local-slurm.sh) and takes down again, stopping only the daemons it started.
const SLURM = join(ROOT, 'scripts/cluster/local-slurm.sh');
const TASKS = 4;

/**
 * Waits for a Slurm job by polling its state every 250 ms (sbatch --wait backs off to tens of
 * seconds between polls, which would swamp the times printed), and returns that state.
 */
function waitJob(jid: string, env: NodeJS.ProcessEnv): string {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    const r = spawnSync('scontrol', ['show', 'job', jid], { env, encoding: 'utf8' });
    const state = /JobState=(\S+)/.exec(r.stdout)?.[1] ?? 'UNKNOWN';
    if (!['PENDING', 'RUNNING', 'CONFIGURING', 'COMPLETING'].includes(state)) return state;
    Atomics.wait(pause, 0, 0, 250);
  }
}
const CALIBRATE = ['--no-frontier', '--splits', '200'];

/**
 * Submits `array` (an sbatch script) as `--array=<range>` and `merge` with --dependency=afterok on
 * it, waits for the merge, and returns its final state, the wall time of both, and the job logs.
 */
function arrayThenMerge(
  work: string,
  env: NodeJS.ProcessEnv,
  array: string,
  range: string,
  merge: string,
  logPrefix: string,
): { state: string; seconds: number; logs: string } {
  const t0 = performance.now();
  const a = spawnSync('sbatch', ['--parsable', `--array=${range}`, '--export=ALL', join(ROOT, 'configs/cluster', array)], {
    cwd: work,
    env,
    encoding: 'utf8',
  });
  expect(a.status, a.stderr).toBe(0);
  const jid = a.stdout.trim().split(';')[0]!;
  const m = spawnSync('sbatch', ['--parsable', `--dependency=afterok:${jid}`, '--export=ALL', join(ROOT, 'configs/cluster', merge)], {
    cwd: work,
    env,
    encoding: 'utf8',
  });
  expect(m.status, m.stderr).toBe(0);
  const state = waitJob(m.stdout.trim(), env);
  const seconds = (performance.now() - t0) / 1000;
  const logs = readdirSync(work)
    .filter((f) => f.startsWith(logPrefix) && f.endsWith('.log'))
    .map((f) => `${f}:\n${readFileSync(join(work, f), 'utf8')}`)
    .join('\n');
  return { state, seconds, logs };
}

describeShared('carb on a real Slurm: replay and sweep arrays + dependent merges', () => {
  const work = mkdtempSync(join(tmpdir(), 'carb-slurm-test-'));
  let env: NodeJS.ProcessEnv | null = null;
  let why = '';
  beforeAll(() => {
    const up = spawnSync('bash', [SLURM, 'up'], { encoding: 'utf8', env: { ...process.env, CARB_SLURM_DIR: join(work, 'slurm') } });
    if (up.status === 0) {
      env = { ...process.env, SLURM_CONF: /export SLURM_CONF=(\S+)/.exec(up.stdout)![1]! };
    } else if (up.status === 3) {
      why = up.stderr.trim();
      process.stderr.write(`\n[carb tests] Slurm cannot be brought up here, the cluster test is SKIPPED: ${why}\n\n`);
    } else {
      throw new Error(`local-slurm.sh up failed (${String(up.status)}): ${up.stderr}`);
    }
  });
  afterAll(() => {
    spawnSync('bash', [SLURM, 'down'], { encoding: 'utf8', env: { ...process.env, CARB_SLURM_DIR: join(work, 'slurm') } });
    rmSync(work, { recursive: true, force: true });
  });

  it(`${TASKS}-task replay array, then calibrate with --dependency=afterok: the one-process report byte for byte`, async (ctx) => {
    if (!env) return ctx.skip(`Slurm unavailable: ${why}`);
    const one = join(work, 'one');
    const a = await runCli(['calibrate', AGENTDOJO_RUNS, ...CALIBRATE, '--workers', '1', '--out', one]);
    expect(a.code, a.err).toBe(0);
    const shards = join(work, 'shards');
    const out = join(work, 'report');
    const jobEnv = {
      ...env,
      CARB: `node ${join(ROOT, 'packages/cli/bin/carb.js')}`,
      CARB_CORPUS: AGENTDOJO_RUNS,
      CARB_SHARDS: shards,
      CARB_OUT: out,
      CARB_CALIBRATE_ARGS: CALIBRATE.join(' '),
    };
    const { state, seconds, logs } = arrayThenMerge(work, jobEnv, 'replay-array.sbatch', `1-${TASKS}`, 'calibrate-merge.sbatch', 'carb-');
    expect(state, logs).toBe('COMPLETED');
    process.stderr.write(`[carb tests] Slurm: ${TASKS}-task replay array + merge on ${AGENTDOJO_RUNS}: ${seconds.toFixed(1)} s\n`);
    expect(readdirSync(shards).sort()).toEqual(
      Array.from({ length: TASKS }, (_, i) => `shard-${String(i).padStart(5, '0')}-of-${String(TASKS).padStart(5, '0')}.arrow`),
    );
    for (const f of SHARD_REPORT_FILES) expect(readFileSync(join(out, f)).equals(readFileSync(join(one, f))), f).toBe(true);
    const hash = (dir: string) => (JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { pipelineHash: string }).pipelineHash;
    expect(hash(out)).toBe(hash(one));
  });

  it('Table 10 sweep as a 1-task and a 4-task array, each merged with --dependency=afterok: the one-process sweep byte for byte', async (ctx) => {
    if (!env) return ctx.skip(`Slurm unavailable: ${why}`);
    const spec = join(ROOT, 'configs/sweeps/graph-braid-table10.json');
    const one = join(work, 'sweep-one');
    const t1 = performance.now();
    const a = await runCli(['sweep', spec, '--workers', '1', '--out', one]);
    const oneSeconds = (performance.now() - t1) / 1000;
    expect(a.code, a.err).toBe(0);
    const files = (dir: string): string[] =>
      readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => join(d.parentPath, d.name).slice(dir.length + 1))
        .sort();
    expect(files(one)).toContain('table10.json');
    const timings: string[] = [`one process ${oneSeconds.toFixed(1)} s`];
    for (const tasks of [1, TASKS]) {
      const shards = join(work, `sweep-shards-${tasks}`);
      const out = join(work, `sweep-merged-${tasks}`);
      const jobEnv = {
        ...env,
        CARB: `node ${join(ROOT, 'packages/cli/bin/carb.js')}`,
        CARB_SPEC: spec,
        CARB_SWEEP_SHARDS: shards,
        CARB_OUT: out,
      };
      const { state, seconds, logs } = arrayThenMerge(
        work,
        jobEnv,
        'sweep-array.sbatch',
        `0-${tasks - 1}`,
        'sweep-merge.sbatch',
        'carb-sweep',
      );
      expect(state, logs).toBe('COMPLETED');
      timings.push(`${tasks}-task array + merge ${seconds.toFixed(1)} s`);
      expect(readdirSync(shards).sort()).toEqual(Array.from({ length: tasks }, (_, i) => `task-${i}`));
      expect(files(out)).toEqual(files(one));
      for (const f of files(one)) expect(readFileSync(join(out, f)).equals(readFileSync(join(one, f))), f).toBe(true);
    }
    process.stderr.write(`[carb tests] Slurm: Table 10 sweep (16 conditions): ${timings.join('; ')}\n`);
  });
});
