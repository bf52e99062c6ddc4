import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultPipelinePath, loadPipeline } from '@carb/pipeline';
import { loadSweepSpec, runSweep } from '@carb/sweep';
import { snapshot, writeTinySweep } from './helpers/sweepFixture.ts';

// The exhaustive variant of sweep-runner.test.ts (which runs the tiny sweep once, on two workers).
const work = mkdtempSync(join(tmpdir(), 'carb-sweep-runner-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const pipeline = loadPipeline(defaultPipelinePath());
const carbVersion = '0.0.0-test';

describe('runSweep on worker threads', () => {
  it('1 and 2 workers give byte-identical folders', async () => {
    const spec = loadSweepSpec(writeTinySweep(work));
    const one = join(work, 'one');
    const two = join(work, 'two');
    await runSweep({ spec, pipeline, out: one, workers: 1, carbVersion });
    await runSweep({ spec, pipeline, out: two, workers: 2, carbVersion });
    expect(snapshot(two)).toEqual(snapshot(one));
  }, 240_000);
});
