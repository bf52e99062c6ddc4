import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SweepRecord } from '@carb/sweep';
import { ROOT } from './helpers/shared.ts';
import { snapshot, sweepUsageCases, writeTinySweep } from './helpers/sweepFixture.ts';

// `carb sweep` as a user runs it: its own process, exit status, stdout and stderr as a shell sees them.
// The exhaustive variants of sweep-cli.test.ts: shard runs that evaluate their own conditions,
// and every usage error in a child process (the fast file runs them in-process).
const BIN = join(ROOT, 'packages/cli/bin/carb.js');
const work = mkdtempSync(join(tmpdir(), 'carb-sweep-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const spec = writeTinySweep(work);

function carb(...argv: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...argv], { cwd: ROOT, encoding: 'utf8', timeout: 240_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const record = (dir: string) => JSON.parse(readFileSync(join(dir, 'sweep.json'), 'utf8')) as SweepRecord;

describe('carb sweep (child process)', () => {
  const one = join(work, 'one');
  let first: ReturnType<typeof carb>;
  beforeAll(() => {
    first = carb('sweep', spec, '--out', one, '--workers', '1');
    expect(first.status, first.stderr).toBe(0);
  }, 240_000);

  it('2 shards merged equal one run byte for byte, and each shard holds its k mod 2 conditions', () => {
    const shards = [0, 1].map((i) => join(work, `shard${i}`));
    for (const [i, dir] of shards.entries()) {
      const r = carb('sweep', spec, '--out', dir, '--shard', `${i}/2`, '--workers', '1');
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain(`sweep tiny: shard ${i}/2: 2 conditions (2 evaluated, 0 skipped)`);
      const expected = record(one)
        .conditions.filter((_, k) => k % 2 === i)
        .map((c) => `${c.hash}.json`);
      expect(readdirSync(join(dir, 'conditions')).sort()).toEqual(expected.sort());
      expect(readdirSync(dir).sort()).toEqual(['conditions', 'sweep.json']);
    }
    const merged = join(work, 'merged');
    const m = carb('sweep', 'merge', ...shards, '--out', merged);
    expect(m.status, m.stderr).toBe(0);
    expect(m.stdout).toContain('sweep tiny: merged 4 conditions from 2 folders');
    expect(snapshot(merged)).toEqual(snapshot(one));

    // shards into one shared folder: the last to finish writes the tables itself
    const shared = join(work, 'shared');
    mkdirSync(join(shared, 'conditions'), { recursive: true });
    // the sweep record, as the first shard to start writes it (a folder without one is not a sweep's)
    cpSync(join(shards[0]!, 'sweep.json'), join(shared, 'sweep.json'));
    for (const f of readdirSync(join(shards[0]!, 'conditions'))) cpSync(join(shards[0]!, 'conditions', f), join(shared, 'conditions', f));
    for (const f of readdirSync(join(shards[1]!, 'conditions'))) cpSync(join(shards[1]!, 'conditions', f), join(shared, 'conditions', f));
    const last = carb('sweep', spec, '--out', shared, '--shard', '1/2');
    expect(last.status, last.stderr).toBe(0);
    expect(snapshot(shared)).toEqual(snapshot(one));
  }, 240_000);

  describe('usage errors exit 2 with one line and write nothing', () => {
    const out = join(work, 'never');
    const cases = sweepUsageCases(spec, work, one, out);
    for (const [what, argv, stderr] of cases) {
      it(
        what,
        () => {
          expect(carb(...argv)).toEqual({ status: 2, stdout: '', stderr });
          expect(existsSync(out)).toBe(false);
        },
        60_000,
      );
    }
  });
});
