import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../packages/cli/test/runCli.ts';
import { writeDeployDir } from './helpers/deployFixture.ts';
import { defaultPipeline } from './helpers/replayCorpora.ts';
import { ROOT } from './helpers/shared.ts';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
// rows: 0 g-carb α .1 at the top of the grid (never stops: on ces-near-miss every leak is a loss),
// 1 g-carb α .05 at .58 (grid 59, where ces-near-miss has no loss)
const fixture = writeDeployDir(defaultPipeline(), [
  { method: 'g-carb', alpha: 0.1, lambdaIndex: 101 },
  { method: 'g-carb', alpha: 0.05, lambdaIndex: 59 },
]);
// the calibration command manifest.json records (the gate does not pin the manifest's own bytes)
const manifestFile = join(fixture.dir, 'manifest.json');
writeFileSync(
  manifestFile,
  JSON.stringify({ ...JSON.parse(readFileSync(manifestFile, 'utf8')), command: { argv: ['calibrate', 'old.jsonl', '--out', 'cal'] } }),
);
const tmp = mkdtempSync(join(tmpdir(), 'carb-monitor-'));
afterAll(() => {
  rmSync(fixture.dir, { recursive: true, force: true });
  rmSync(tmp, { recursive: true, force: true });
});

// ces-near-miss in two daily batches of 160 episodes, in file order
const lines = readFileSync(join(ROOT, 'corpora/ces-near-miss.jsonl'), 'utf8').trim().split('\n');
const dayA = join(tmp, 'day-a.jsonl');
const dayB = join(tmp, 'day-b.jsonl');
writeFileSync(dayA, `${lines.slice(0, 160).join('\n')}\n`);
writeFileSync(dayB, `${lines.slice(160).join('\n')}\n`);

/** Ledger losses of a batch at grid index g as `carb replay --json` counts them (its grid mean × n). */
async function replayLosses(file: string, g: number): Promise<number> {
  const run = await runCli(['replay', file, '--selector', 'graph', '--json']);
  const r = JSON.parse(run.out) as { episodes: number; grid: Array<{ grid: number; loss: number }> };
  return Math.round(r.grid.find((p) => p.grid === g)!.loss * r.episodes);
}

const monitor = (state: string, alpha: string, ...more: string[]) =>
  runCli(['monitor', ...more, '--deploy', fixture.deploy, '--method', 'g-carb', '--alpha', alpha, '--state', state, '--workers', '1']);

describe('carb monitor', () => {
  it("takes daily batches in order: losses equal replay's at the deployed index, alarm with the recalibration command", async () => {
    const state = join(tmp, 'top.json');
    const lossA = await replayLosses(dayA, 101);
    const lossB = await replayLosses(dayB, 101);
    // every ces-near-miss group has one leak episode among four: 40 per 160
    expect([lossA, lossB]).toEqual([40, 40]);
    const one = await monitor(state, '.1', dayA);
    expect(one.err).toBe('');
    expect(one.out).toContain(`batch 1: 160 episodes, ledger loss ${lossA} (.250)`);
    expect(one.out).toContain('ALARM at episode');
    expect(one.out).toContain("the deployed gate's risk exceeds α = 0.1 (anytime-valid at δ = 0.05)");
    expect(one.out).toContain(`recalibrate: carb calibrate ${dayA} old.jsonl --out ${fixture.dir}-recalibrated`);
    expect(one.code).toBe(1);
    const first = readFileSync(state, 'utf8');
    // content-free: losses and digests, no episode id
    expect(first).not.toContain('ces-0');
    const pin = sha(first);
    expect(one.out).toContain(`state: ${state} (sha256 ${pin};`);
    const two = await monitor(state, '.1', dayB, '--expect-state-hash', pin);
    expect(two.out).toContain(`batch 2: 160 episodes, ledger loss ${lossB} (.250)`);
    expect(two.out).toContain(`so far: 2 batch(es), 320 episodes, ledger loss ${lossA + lossB} (.250)`);
    const after = JSON.parse(readFileSync(state, 'utf8')) as { batches: Array<{ previousStateSha256: string | null; losses: string }> };
    expect(after.batches.map((b) => b.previousStateSha256)).toEqual([null, pin]);
    expect(after.batches.map((b) => (b.losses.match(/1/g) ?? []).length)).toEqual([lossA, lossB]);
  }, 120_000);

  it('no alarm where the deployed gate stops every leak; the lower bound stays 0', async () => {
    const state = join(tmp, 'quiet.json');
    expect(await replayLosses(dayA, 59)).toBe(0);
    const run = await monitor(state, '.05', dayA);
    expect(run.code).toBe(0);
    expect(run.out).toContain('batch 1: 160 episodes, ledger loss 0 (.000)');
    expect(run.out).toContain('risk ≥ .000');
    expect(run.out).toContain('no alarm');
  }, 120_000);

  it('refuses, in one line and leaving the state as it was: a replayed batch, another row, a broken chain, a stale pin', async () => {
    const state = join(tmp, 'refusals.json');
    expect((await monitor(state, '.05', dayA)).code).toBe(0);
    const before = readFileSync(state, 'utf8');
    const replayed = await monitor(state, '.05', dayA);
    expect(replayed.code).toBe(1);
    expect(replayed.errLines).toEqual([
      expect.stringMatching(
        /^carb: .*refusals\.json: the new logs \(corpus digest [0-9a-f]{12}…\) are batch 1 already taken in; refusing to count them twice$/,
      ),
    ]);
    const other = await monitor(state, '.1', dayB);
    expect(other.errLines).toEqual([
      expect.stringContaining(
        'refusals.json: /row/alpha: expected 0.1 (the deploy row monitored now), found 0.05: this state monitors another deploy row',
      ),
    ]);
    const stale = await monitor(state, '.05', dayB, '--expect-state-hash', 'f'.repeat(64));
    expect(stale.errLines).toEqual([
      expect.stringContaining(`refusals.json: expected sha256 ${'f'.repeat(64)} (--expect-state-hash), found ${sha(before)}`),
    ]);
    expect(readFileSync(state, 'utf8')).toBe(before);
    // the next batch, pinned; then the first batch record edited: the second's previousStateSha256 no longer holds
    expect((await monitor(state, '.05', dayB, '--expect-state-hash', sha(before))).code).toBe(0);
    const chained = readFileSync(state, 'utf8');
    writeFileSync(state, chained.replace(/"losses": "0/, '"losses": "1'));
    const edited = await monitor(state, '.05', join(ROOT, 'corpora/ces-clean.jsonl'));
    expect(edited.code).toBe(1);
    expect(edited.errLines).toEqual([
      expect.stringMatching(
        /refusals\.json: \/batches\/1\/previousStateSha256: expected [0-9a-f]{64}, found "[0-9a-f]{64}": the hash chain is broken \(a batch dropped, reordered or edited\); refusing to continue it$/,
      ),
    ]);
    // the last record has no successor to chain it: --expect-state-hash (the sha256 the last run printed) pins it
    const last = chained.lastIndexOf('"losses": "0') + '"losses": "'.length;
    writeFileSync(state, `${chained.slice(0, last)}1${chained.slice(last + 1)}`);
    expect(readFileSync(state, 'utf8')).not.toBe(chained);
    const lastEdited = await monitor(state, '.05', join(ROOT, 'corpora/ces-clean.jsonl'), '--expect-state-hash', sha(chained));
    expect(lastEdited.code).toBe(1);
    expect(lastEdited.errLines).toEqual([expect.stringContaining('(--expect-state-hash), found')]);
  }, 120_000);

  it('reads the ledger as the calibration did: --ledger-events for an external ledger, refused without them', async () => {
    const base = defaultPipeline();
    const external = writeDeployDir(
      { ...base, ledger: { ...base.ledger, source: { mode: 'external', eventsSha256: 'e'.repeat(64), unlabelled: 'clean' } } },
      [{ method: 'g-carb', alpha: 0.1, lambdaIndex: 101 }],
    );
    try {
      const events = join(tmp, 'day-a.events.jsonl');
      // one reviewed loss in the batch: at the top of the grid every step executes, so exactly one episode loses
      writeFileSync(events, '{"id":"ces-000-leak","events":[{"step":0,"category":"financial","source":"review"}]}\n');
      const args = (...more: string[]) => [
        'monitor',
        dayA,
        '--deploy',
        external.deploy,
        '--method',
        'g-carb',
        '--alpha',
        '.1',
        '--state',
        join(tmp, 'external.json'),
        '--workers',
        '1',
        ...more,
      ];
      const builtin = await runCli(args());
      expect(builtin.code).toBe(2);
      expect(builtin.errLines).toEqual([
        "carb: --ledger: expected external (the calibration's ledger, with the new logs' --ledger-events), found builtin",
      ]);
      const run = await runCli(args('--ledger', 'external', '--ledger-events', events, '--unlabelled', 'clean'));
      expect(run.out).toContain('batch 1: 160 episodes, ledger loss 1 (.006)');
    } finally {
      rmSync(external.dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("a stratum's row takes only the episodes of its stratum (the calibration's --by field)", async () => {
    const stratified = writeDeployDir(defaultPipeline(), [{ method: 'g-carb', alpha: 0.1, lambdaIndex: 101, stratum: 'ces' }]);
    try {
      const manifest = join(stratified.dir, 'manifest.json');
      writeFileSync(
        manifest,
        JSON.stringify({
          ...JSON.parse(readFileSync(manifest, 'utf8')),
          command: { argv: ['calibrate', 'old.jsonl', '--by', 'suite', '--out', 'cal'] },
        }),
      );
      // day A's 160 CES episodes and 40 graph-braid ones (suite graph-braid): only the CES ones are this row's
      const mixed = join(tmp, 'mixed.jsonl');
      const braid = readFileSync(join(ROOT, 'corpora/graph-braid.jsonl'), 'utf8').trim().split('\n').slice(0, 40);
      writeFileSync(mixed, `${[...lines.slice(0, 160), ...braid].join('\n')}\n`);
      const args = (logs: string, state: string) => [
        'monitor',
        logs,
        '--deploy',
        stratified.deploy,
        '--method',
        'g-carb',
        '--alpha',
        '.1',
        '--stratum',
        'ces',
        '--state',
        join(tmp, state),
        '--workers',
        '1',
      ];
      const run = await runCli(args(mixed, 'stratum.json'));
      expect(run.out).toContain(
        `batch 1: 160 episodes (40 of other suite values left out), ledger loss ${await replayLosses(dayA, 101)} (.250)`,
      );
      const none = await runCli(args(join(ROOT, 'corpora/graph-braid.jsonl'), 'stratum-none.json'));
      expect(none.code).toBe(1);
      expect(none.errLines).toEqual([
        expect.stringContaining('graph-braid.jsonl: expected episodes of stratum ces (suite of the deploy row), found none of the 2000'),
      ]);
    } finally {
      rmSync(stratified.dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses a deploy folder edited after the calibration (checkDeployFolder), before any replay', async () => {
    const edited = writeDeployDir(defaultPipeline(), [{ method: 'g-carb', alpha: 0.1, lambdaIndex: 59 }]);
    try {
      writeFileSync(
        edited.deploy,
        readFileSync(edited.deploy, 'utf8').replace('"lambdaIndex": 59', '"lambdaIndex": 101').replace('"lambda": 0.58', '"lambda": 1'),
      );
      const state = join(tmp, 'edited-deploy.json');
      const run = await runCli([
        'monitor',
        dayA,
        '--deploy',
        edited.deploy,
        '--method',
        'g-carb',
        '--alpha',
        '.1',
        '--state',
        state,
        '--workers',
        '1',
      ]);
      expect(run.code).toBe(1);
      expect(run.errLines).toEqual([expect.stringContaining(`${edited.deploy}: expected sha256`)]);
      expect(run.errLines[0]).toContain('changed after the calibration wrote it (refusing to gate with it)');
      expect(existsSync(state)).toBe(false);
    } finally {
      rmSync(edited.dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('usage errors before any work: a state file carb did not write, no --deploy, executed-step CRC', async () => {
    const foreign = join(tmp, 'notes.json');
    writeFileSync(foreign, '{"mine": true}\n');
    const run = await monitor(foreign, '.05', dayA);
    expect(run.code).toBe(2);
    expect(run.errLines).toEqual([
      `carb: --state: ${foreign} exists and is not a carb monitor state carb wrote; carb overwrites only its own files, so choose another name or move it away`,
    ]);
    expect(readFileSync(foreign, 'utf8')).toBe('{"mine": true}\n');
    const noDeploy = await runCli(['monitor', dayA, '--method', 'g-carb', '--alpha', '.05', '--state', join(tmp, 'x.json')]);
    expect(noDeploy.code).toBe(2);
    expect(noDeploy.errLines[0]).toContain('--deploy: expected the deploy.json of the calibration whose gate is monitored, found nothing');
    const step = await runCli([
      'monitor',
      dayA,
      '--deploy',
      fixture.deploy,
      '--method',
      'executed-step-crc',
      '--alpha',
      '.05',
      '--state',
      join(tmp, 'y.json'),
    ]);
    expect(step.code).toBe(2);
    expect(existsSync(join(tmp, 'x.json')) || existsSync(join(tmp, 'y.json'))).toBe(false);
  }, 60_000);
});
