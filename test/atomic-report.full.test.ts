import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calibrate, carb, killMidWrite, snapshot } from './helpers/midWrite.ts';

// The exhaustive variant of atomic-report.test.ts: SIGKILL mid-write, and the next run cleaning up after it.
const tmp = mkdtempSync(join(tmpdir(), 'carb-atomic-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('an interrupted carb calibrate leaves the previous report as it was', () => {
  const out = join(tmp, 'report');
  let before: Record<string, string>;
  beforeAll(() => {
    expect(carb(calibrate(2, out))).toBe(0);
    before = snapshot(out);
  }, 120_000);

  it('SIGKILL mid-write: previous report byte-identical; the stale staging folder is removed by the next run', async () => {
    const r = await killMidWrite(tmp, out, 'SIGKILL', 'kill');
    expect(r.signal).toBe('SIGKILL');
    expect(snapshot(out)).toEqual(before);
    // nothing can run on SIGKILL: the hidden staging folder and the run's lock stay until the next write to the same folder
    expect(
      readdirSync(tmp)
        .filter((f) => f.startsWith('.'))
        .sort(),
    ).toEqual([...r.staging, '.report.carb-lock'].sort());
    expect(carb(calibrate(2, out))).toBe(0);
    expect(readdirSync(tmp).filter((f) => f.startsWith('.'))).toEqual([]);
    expect(snapshot(out)).toEqual(before);
  }, 120_000);
});
