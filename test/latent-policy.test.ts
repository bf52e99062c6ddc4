import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSplits } from '@carb/calibrate';
import { eligibleForCalibration, readCorpus, type Episode } from '@carb/episodes';
import { detectEpisode, loadGuards } from '@carb/nearmiss';
import { canonicalJson } from '@carb/io';
import { configComponentHashes, defaultPipelinePath, loadPipeline } from '@carb/pipeline';
import { runCli } from '../packages/cli/test/runCli.ts';
import { ROOT, SHARED, describeShared } from './helpers/shared.ts';

const TAU2_PIPELINE = resolve(ROOT, 'configs/pipelines/tau2-airline.json');
const GUARDS = resolve(ROOT, 'configs/guards/tau2-airline.json');
const TAU2 = resolve(SHARED, 'corpora/tau2-airline/trajectories');
const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const scratch = mkdtempSync(join(tmpdir(), 'carb-latent-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('ledger.latentPolicy in a pipeline config', () => {
  it('the guard spec is resolved against the pipeline file and pinned by its SHA-256', () => {
    const p = loadPipeline(TAU2_PIPELINE);
    expect(p.ledger.customCategories).toEqual(['latent_policy_failure']);
    expect(p.ledger.latentPolicy).toEqual({ guards: GUARDS, guardsSha256: sha(readFileSync(GUARDS)) });
  });

  it('the default pipeline’s ledger component is unchanged: the hash of its config’s own ledger object', () => {
    const raw = JSON.parse(readFileSync(defaultPipelinePath(), 'utf8')) as { ledger: unknown };
    expect(configComponentHashes(loadPipeline(defaultPipelinePath())).ledger).toBe(sha(canonicalJson(raw.ledger)));
  });

  it('the hash follows the guard spec’s content, not its location', () => {
    const copy = (name: string, guards: string) => {
      const dir = join(scratch, name);
      mkdirSync(join(dir, 'pipelines'), { recursive: true });
      mkdirSync(join(dir, 'guards'), { recursive: true });
      mkdirSync(join(dir, 'tools'), { recursive: true });
      copyFileSync(TAU2_PIPELINE, join(dir, 'pipelines/tau2-airline.json'));
      copyFileSync(resolve(ROOT, 'configs/tools/tau2-airline.json'), join(dir, 'tools/tau2-airline.json'));
      writeFileSync(join(dir, 'guards/tau2-airline.json'), guards);
      return configComponentHashes(loadPipeline(join(dir, 'pipelines/tau2-airline.json')));
    };
    const here = configComponentHashes(loadPipeline(TAU2_PIPELINE));
    const text = readFileSync(GUARDS, 'utf8');
    expect(copy('same', text)).toEqual(here);
    const changed = copy('changed', `${text}\n`);
    expect(changed.ledger).not.toBe(here.ledger);
    expect({ ...changed, ledger: '' }).toEqual({ ...here, ledger: '' });
  });

  const bad = (name: string, ledger: (l: Record<string, unknown>) => Record<string, unknown>, message: string) =>
    it(name, () => {
      const raw = JSON.parse(readFileSync(TAU2_PIPELINE, 'utf8')) as Record<string, unknown> & { ledger: Record<string, unknown> };
      const dir = join(scratch, name.replace(/\W+/g, '-'));
      mkdirSync(join(dir, 'pipelines'), { recursive: true });
      const file = join(dir, 'pipelines/p.json');
      writeFileSync(file, JSON.stringify({ ...raw, toolTyping: {}, ledger: ledger({ ...raw.ledger, latentPolicy: { guards: GUARDS } }) }));
      expect(() => loadPipeline(file)).toThrow(`${file}: ${message}`);
    });
  bad(
    'latentPolicy without its category declared',
    ({ customCategories: _c, ...l }) => l,
    '/ledger/customCategories: expected "latent_policy_failure" declared with /ledger/latentPolicy, found []',
  );
  bad(
    'a custom category that is one of the five',
    (l) => ({ ...l, customCategories: ['latent_policy_failure', 'financial'] }),
    '/ledger/customCategories/1: expected a category other than the five built-in ones, found "financial"',
  );
  bad(
    'a guard spec whose content differs from the one pinned',
    (l) => ({ ...l, latentPolicy: { guards: GUARDS, guardsSha256: '0'.repeat(64) } }),
    `/ledger/latentPolicy/guardsSha256: expected the guard spec ${GUARDS} to have SHA-256 ${'0'.repeat(64)} as calibrated, found ${sha(readFileSync(GUARDS))}`,
  );
  bad(
    'a guard spec that is not there',
    (l) => ({ ...l, latentPolicy: { guards: 'nowhere.json' } }),
    '/ledger/latentPolicy/guards: expected a readable guard spec at',
  );
});

describeShared('carb calibrate on the shared tau2 airline trajectories with the latent_policy_failure ledger', () => {
  let episodes: Episode[];
  let flagged: Set<string>;
  const out = join(scratch, 'tau2');
  let run: Awaited<ReturnType<typeof runCli>>;
  beforeAll(async () => {
    // independently of the ledger: which eligible trajectories the near-miss detector flags
    episodes = readCorpus([TAU2], { format: 'auto' }).episodes.filter((e) => eligibleForCalibration(e));
    const spec = loadGuards(GUARDS);
    flagged = new Set(episodes.filter((e) => detectEpisode(e, spec).failures.length > 0).map((e) => e.id));
    run = await runCli([
      'calibrate',
      TAU2,
      '--pipeline',
      TAU2_PIPELINE,
      '--splits',
      '3',
      '--no-frontier',
      '--workers',
      '1',
      '--methods',
      'no-guard,g-carb',
      '--out',
      out,
    ]);
  }, 240_000);

  it('runs end to end on the 131 eligible trajectories, 40 of them with a near-miss flag', () => {
    expect(run.code, run.err).toBe(0);
    expect(existsSync(join(out, 'summary.json'))).toBe(true);
    expect(episodes).toHaveLength(131);
    expect(flagged.size).toBe(40);
  });

  it('no guard’s mean loss in each split is the share of flagged trajectories in its test fold (detectEpisode, not the ledger)', () => {
    // the built-in App. C rules need injections or canaries, which tau2 logs do not have: the loss is the near-miss flag alone
    const n = episodes.length;
    const splits = makeSplits(
      episodes.map((e) => e.id),
      null,
      { count: 3, baseSeed: 0, rng: 'python', unit: 'episode', nCal: Math.floor(n / 2), nTest: Math.floor(n / 2) },
    );
    const ids = episodes.map((e) => e.id);
    const counts = splits.map((s) => [...s.test].filter((e) => flagged.has(ids[e]!)).length);
    // every test fold holds ⌊n/2⌋ episodes, so the mean over the 3 splits is Σ flagged / (3 · ⌊n/2⌋): compared as that count
    expect(splits.every((s) => s.test.length === Math.floor(n / 2))).toBe(true);
    const flaggedInTest = counts.reduce((a, b) => a + b, 0);
    const rows = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as Array<{ method: string; meanLoss: number }>;
    const noGuard = rows.filter((r) => r.method === 'no-guard');
    expect(noGuard.length).toBeGreaterThan(0);
    for (const r of noGuard) expect(Math.round(r.meanLoss * 3 * Math.floor(n / 2))).toBe(flaggedInTest);
    // and the gate keeps within budget what the ledger counts
    for (const r of rows.filter((x) => x.method === 'g-carb')) expect(r.meanLoss).toBeLessThanOrEqual(noGuard[0]!.meanLoss);
  });
});
