import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { carbPath } from '@carb/io';
import { defaultPipelinePath, loadPipeline } from '@carb/pipeline';
import {
  conditionHash,
  loadSweepSpec,
  mergeSweep,
  readStoredCondition,
  runSweep,
  specHash,
  sweepPipelineHash,
  type ConditionResult,
} from '../src/index.ts';

// Issue 27: a stored condition result (DIR/conditions/<hash>.json) read back on resume and by
// carb sweep merge is checked against configs/schema/condition-result.schema.json: a malformed
// one is refused with one line naming the file, the key and what was expected, never recomputed
// over (carb would replace a file it cannot tell is its own) nor merged into tables it would crash.

const work = mkdtempSync(join(tmpdir(), 'carb-stored-condition-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const HASH = 'a'.repeat(64);

/** A complete result as evaluateCondition returns it: one method, one split (values written by hand). */
const RESULT: ConditionResult = {
  name: 'baseline',
  family: 'baseline',
  hash: HASH,
  suite: 'graph-braid',
  cohort: null,
  seed: 0,
  params: {
    families: 80,
    trajectories: 200,
    harm: 0.4,
    benignDensity: 0.5,
    scoreNoise: 0,
    edgeDropout: 0,
    provenance: true,
    sinkText: 'exact',
  },
  episodes: 200,
  harmful: 80,
  summaries: [
    {
      method: 'g-carb',
      splits: 1,
      loss: { mean: 0.05, se: 0 },
      intervention: { mean: 0.5, se: 0 },
      utility: { mean: 0.5, se: 0 },
      harmStop: { mean: 0.9, se: 0 },
      benignStop: { mean: 0.1, se: 0 },
      ctxRed: null,
      pathRecall: null,
      falsePath: null,
    },
  ],
  rows: [
    {
      method: 'g-carb',
      seed: 1,
      lambdaIndex: 3,
      lambdaHat: 0.25,
      loss: 0.05,
      intervention: 0.5,
      utility: 0.5,
      harmStop: 0.9,
      benignStop: 0.1,
      ctxRed: null,
      pathRecall: null,
      falsePath: null,
    },
  ],
};

/** A sweep folder holding `text` as the stored result of condition baseline (hash HASH). */
function folderWith(name: string, text: string | null): { dir: string; file: string } {
  const dir = join(work, name);
  mkdirSync(join(dir, 'conditions'), { recursive: true });
  const file = join(dir, 'conditions', `${HASH}.json`);
  if (text !== null) writeFileSync(file, text);
  const spec = { name: 'tiny' };
  const record = {
    name: 'tiny',
    specHash: specHash(spec as never),
    pipelineHash: 'p',
    carbVersion: 'v',
    conditions: [{ name: 'baseline', hash: HASH }],
    spec,
  };
  writeFileSync(join(dir, 'sweep.json'), `${JSON.stringify(record)}\n`);
  return { dir, file };
}

const { summaries: _dropped, ...withoutSummaries } = RESULT;

describe('readStoredCondition (a resumed sweep)', () => {
  it('reuses a well-formed result and finds none when there is no file', () => {
    expect(readStoredCondition(folderWith('good', JSON.stringify(RESULT)).dir, HASH, 'baseline')).toEqual(RESULT);
    expect(readStoredCondition(folderWith('none', null).dir, HASH, 'baseline')).toBeNull();
  });

  it('refuses a result without summaries, one line naming the file, the key and what was expected', () => {
    const { dir, file } = folderWith('no-summaries', JSON.stringify(withoutSummaries));
    expect(() => readStoredCondition(dir, HASH, 'baseline')).toThrow(
      new Error(`${file}: /summaries: expected the per-method summaries (an array), found nothing`),
    );
  });

  it('refuses a file that is not JSON (carb writes results whole), naming the file', () => {
    const { dir, file } = folderWith('torn', '{"name": "baseline", "ha');
    expect(() => readStoredCondition(dir, HASH, 'baseline')).toThrow(
      new RegExp(`^${file.replace(/[.+]/g, '\\$&')}: expected a condition result \\(JSON\\), found a syntax error \\(.*\\)$`),
    );
  });

  it('refuses a result stored for another condition under this hash', () => {
    const { dir, file } = folderWith('other', JSON.stringify({ ...RESULT, name: 'prevalence-.2' }));
    expect(() => readStoredCondition(dir, HASH, 'baseline')).toThrow(
      new Error(
        `${file}: holds "prevalence-.2" with hash ${HASH.slice(0, 12)}; expected condition baseline (${HASH.slice(0, 12)}) as its file name says`,
      ),
    );
  });
});

describe('mergeSweep', () => {
  it('refuses a shard result whose summary lacks its loss, one line, before writing anything', () => {
    const broken = { ...RESULT, summaries: [{ ...RESULT.summaries[0], loss: undefined }] };
    const { dir, file } = folderWith('shard-broken', JSON.stringify(broken));
    const out = join(work, 'merged-broken');
    expect(() => mergeSweep([dir], out)).toThrow(
      new Error(`${file}: /summaries/0/loss: expected a mean and standard error {mean, se}, found nothing`),
    );
    expect(existsSync(out)).toBe(false);
  });
});

describe('runSweep (resume)', () => {
  it('refuses a malformed stored result of a selected condition before anything is written, evaluating nothing', async () => {
    const spec = loadSweepSpec(carbPath('configs/sweeps/ces-evidence-audit.json'));
    const pipeline = loadPipeline(defaultPipelinePath());
    const c = spec.conditions[0]!;
    const hash = conditionHash(spec, c, sweepPipelineHash(pipeline), '0.0.0-test');
    const out = join(work, 'resume');
    mkdirSync(join(out, 'conditions'), { recursive: true });
    const file = join(out, 'conditions', `${hash}.json`);
    // a result whose name and hash are right but which holds nothing the tables read: 9 of the 11 required keys missing, the first named
    writeFileSync(file, JSON.stringify({ name: c.name, hash }));
    const events: string[] = [];
    await expect(
      runSweep({ spec, pipeline, out, workers: 1, carbVersion: '0.0.0-test', only: [c.name], onEvent: (e) => events.push(e.status) }),
    ).rejects.toThrow(new Error(`${file}: /family: expected the condition family (a string), found nothing (and 8 more issues)`));
    expect(events).toEqual([]);
    expect(existsSync(join(out, 'sweep.json'))).toBe(false);
  }, 60_000);
});
