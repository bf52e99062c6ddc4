import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../packages/cli/test/runCli.ts';
import { runCliWithStdin, stepLines, writeDeployDir } from './helpers/deployFixture.ts';
import { bundledEpisodes, defaultPipeline } from './helpers/replayCorpora.ts';
import { ROOT } from './helpers/shared.ts';

// Issue 21 (integrity): a deploy folder is run only as the calibration wrote it. Rows: g-carb α .05 at λ .58
// (grid 59) and fixed-window-4 α .05 at λ .54 (grid 55).
const fixture = writeDeployDir(defaultPipeline(), [
  { method: 'g-carb', alpha: 0.05, lambdaIndex: 59 },
  { method: 'fixed-window-4', alpha: 0.05, lambdaIndex: 55 },
]);
const work = mkdtempSync(join(tmpdir(), 'carb-deploy-integrity-'));
afterAll(() => {
  rmSync(fixture.dir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const CORPUS = join(ROOT, 'corpora/ces-near-miss.jsonl');
// ces-000-leak: its send_external_email (step 11) scores 1 (explain-cli.test.ts derives it from Table 1), so every
// gate below λ = 1 stops it
const leak = bundledEpisodes('ces-near-miss').find((e) => e.id === 'ces-000-leak')!;

/** A copy of the fixture folder with `edit` applied to one of its files. */
function edited(
  name: string,
  file: 'deploy.json' | 'pipeline.json',
  edit: (json: Record<string, unknown> & unknown[]) => void,
): { dir: string; file: string; before: string } {
  const dir = join(work, name);
  cpSync(fixture.dir, dir, { recursive: true });
  const path = join(dir, file);
  const before = sha(readFileSync(path));
  const json = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown> & unknown[];
  edit(json);
  writeFileSync(path, `${JSON.stringify(json, null, 2)}\n`);
  return { dir, file: path, before };
}

describe('carb gate / explain refuse a deploy folder that differs from its manifest', () => {
  it("the untouched folder gates: the leak's send (score 1) is stopped at λ .58", async () => {
    const run = await runCliWithStdin(['gate', '--deploy', fixture.deploy, '--method', 'g-carb', '--alpha', '.05'], stepLines(leak.steps));
    expect(run.code, run.err).toBe(0);
    expect(JSON.parse(run.out.trim().split('\n').at(-1)!)).toMatchObject({ step: 11, decision: 'stop' });
  }, 60_000);

  it('deploy.json with λ edited to 1 (the send would be allowed): gate and explain refuse it, one line naming the file', async () => {
    const x = edited('lambda', 'deploy.json', (rows) => Object.assign(rows[0] as object, { lambdaIndex: 101, lambda: 1 }));
    const line = `carb: ${x.file}: expected sha256 ${x.before} (${join(x.dir, 'manifest.json')} outputs), found ${sha(readFileSync(x.file))}: changed after the calibration wrote it (refusing to gate with it)`;
    const gate = await runCliWithStdin(['gate', '--deploy', x.file, '--method', 'g-carb', '--alpha', '.05'], stepLines(leak.steps));
    expect([gate.code, gate.out, gate.errLines]).toEqual([1, '', [line]]);
    const explain = await runCli([
      'explain',
      CORPUS,
      '--episode',
      'ces-000-leak',
      '--deploy',
      x.file,
      '--method',
      'g-carb',
      '--alpha',
      '.05',
    ]);
    expect([explain.code, explain.out, explain.errLines]).toEqual([1, '', [line]]);
  }, 60_000);

  it('pipeline.json beside deploy.json with selector.window 4 → 2: refused, naming pipeline.json', async () => {
    const x = edited('window', 'pipeline.json', (p) => {
      (p as unknown as { selector: { window: number } }).selector.window = 2;
    });
    const gate = await runCliWithStdin(
      ['gate', '--deploy', join(x.dir, 'deploy.json'), '--method', 'fixed-window-4', '--alpha', '.05'],
      stepLines(leak.steps),
    );
    expect([gate.code, gate.out, gate.errLines]).toEqual([
      1,
      '',
      [
        `carb: ${x.file}: expected sha256 ${x.before} (${join(x.dir, 'manifest.json')} outputs), found ${sha(readFileSync(x.file))}: changed after the calibration wrote it (refusing to gate with it)`,
      ],
    ]);
  }, 60_000);

  it('a --pipeline elsewhere whose selector window or seed differs: refused, naming the selector component', async () => {
    for (const [key, value] of [
      ['window', 2],
      ['seed', 7],
    ] as const) {
      const p = JSON.parse(readFileSync(join(fixture.dir, 'pipeline.json'), 'utf8')) as { selector: Record<string, unknown> };
      p.selector[key] = value;
      const other = join(work, `selector-${key}.json`);
      writeFileSync(other, JSON.stringify(p));
      const gate = await runCliWithStdin(
        ['gate', '--deploy', fixture.deploy, '--method', 'fixed-window-4', '--alpha', '.05', '--pipeline', other],
        stepLines(leak.steps),
      );
      expect([gate.code, gate.out, gate.errLines]).toEqual([
        1,
        '',
        [
          `carb: ${other}: expected the pipeline ${join(fixture.dir, 'manifest.json')} was calibrated with, found different selector (refusing to gate with it)`,
        ],
      ]);
    }
  }, 60_000);

  it('a deploy.json the manifest does not list (copied in from elsewhere): refused', async () => {
    const dir = join(work, 'unlisted');
    cpSync(fixture.dir, dir, { recursive: true });
    const file = join(dir, 'deploy-old.json');
    cpSync(fixture.deploy, file);
    const gate = await runCliWithStdin(['gate', '--deploy', file, '--method', 'g-carb', '--alpha', '.05'], stepLines(leak.steps));
    expect([gate.code, gate.errLines]).toEqual([
      1,
      [`carb: ${file}: expected a file ${join(dir, 'manifest.json')} lists in its outputs, found it unlisted (refusing to gate with it)`],
    ]);
  }, 60_000);
});

describe('--expect-manifest-hash pins the calibration a deployed gate runs', () => {
  it("gate and explain run with the manifest's own SHA-256, and refuse a folder rewritten whole (deploy.json and manifest.json edited together)", async () => {
    const pinned = sha(readFileSync(join(fixture.dir, 'manifest.json')));
    const ok = await runCliWithStdin(
      ['gate', '--deploy', fixture.deploy, '--method', 'g-carb', '--alpha', '.05', '--expect-manifest-hash', pinned],
      stepLines(leak.steps),
    );
    expect(ok.code, ok.err).toBe(0);
    // the attacker edits λ and records the edited file's hash in manifest.json: the folder is consistent again
    const x = edited('rewritten', 'deploy.json', (rows) => Object.assign(rows[0] as object, { lambdaIndex: 101, lambda: 1 }));
    const manifestFile = join(x.dir, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { outputs: Record<string, string> };
    manifest.outputs['deploy.json'] = sha(readFileSync(x.file));
    writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
    const unpinned = await runCliWithStdin(['gate', '--deploy', x.file, '--method', 'g-carb', '--alpha', '.05'], stepLines(leak.steps));
    expect(unpinned.code, unpinned.err).toBe(0);
    const line = `carb: ${manifestFile}: expected sha256 ${pinned} (--expect-manifest-hash), found ${sha(readFileSync(manifestFile))} (refusing to gate with it)`;
    const gate = await runCliWithStdin(
      ['gate', '--deploy', x.file, '--method', 'g-carb', '--alpha', '.05', '--expect-manifest-hash', pinned],
      stepLines(leak.steps),
    );
    expect([gate.code, gate.out, gate.errLines]).toEqual([1, '', [line]]);
    const explain = await runCli([
      'explain',
      CORPUS,
      '--episode',
      'ces-000-leak',
      '--deploy',
      x.file,
      '--method',
      'g-carb',
      '--alpha',
      '.05',
      '--expect-manifest-hash',
      pinned,
    ]);
    expect([explain.code, explain.out, explain.errLines]).toEqual([1, '', [line]]);
  }, 60_000);

  it('is a usage error without --deploy (exit 2)', async () => {
    const run = await runCliWithStdin(['gate', '--lambda', '.58', '--expect-manifest-hash', 'a'.repeat(64)], '');
    expect(run.code).toBe(2);
    expect(run.errLines).toEqual([
      'carb: --expect-manifest-hash: expected together with --deploy (it selects a deploy.json row), found it alone',
    ]);
  }, 60_000);
});
