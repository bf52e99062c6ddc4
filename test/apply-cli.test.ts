import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from '../packages/cli/test/runCli.ts';
import { runCliWithStdin } from './helpers/deployFixture.ts';
import { AGENTDOJO_RUNS, describeShared } from './helpers/shared.ts';

// Issue 22 acceptance: calibrate on the shared gpt-4o and Claude runs, apply the deployed gate to the Llama runs.
const GPT = join(AGENTDOJO_RUNS, 'gpt-4o-2024-05-13');
const CLAUDE = join(AGENTDOJO_RUNS, 'claude-3-5-sonnet-20240620');
const LLAMA = join(AGENTDOJO_RUNS, 'meta-llama_Llama-3.3-70B-Instruct');
const work = mkdtempSync(join(tmpdir(), 'carb-apply-'));
const cal = join(work, 'cal');
afterAll(() => rmSync(work, { recursive: true, force: true }));
const sha = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');

interface GridRow {
  grid: number;
  loss: number;
  intervention: number;
  utility: number;
}
interface DeployRow {
  method: string;
  alpha: number;
  lambda: number | null;
  lambdaIndex: number;
  stratum: string;
}
const deployRows = (): DeployRow[] => JSON.parse(readFileSync(join(cal, 'deploy.json'), 'utf8')) as DeployRow[];
/** The parts of carb's JSON outputs the tests read. */
interface Manifest {
  outputs: Record<string, string>;
}
interface Fingerprint {
  steps: unknown[];
  runsFrom: Record<string, number[]>;
  tools: Record<string, number>;
}
interface ApplySummaryFile {
  summary: Array<{ stratum: string; n: number; loss: number; intervention: number; success: number | null }>;
  shift: { strata: Array<{ test: { p: number; atLeast: number }; verdict: string }> };
}

/** `carb replay <corpus> --selector <kind> --json`: per-grid means (the independent path: dense rows, chunk by chunk). */
async function replayGrid(corpus: string[], kind: string): Promise<GridRow[]> {
  const run = await runCli(['replay', ...corpus, '--selector', kind, '--json', '--workers', '1']);
  expect(run.code, run.err).toBe(0);
  return (JSON.parse(run.out) as { grid: GridRow[] }).grid;
}

describeShared('carb apply on new logs (issue 22)', () => {
  let calOut = '';
  beforeAll(async () => {
    const run = await runCli([
      'calibrate',
      GPT,
      CLAUDE,
      '--out',
      cal,
      '--alphas',
      '.05,.10',
      '--splits',
      '10',
      '--no-frontier',
      '--workers',
      '1',
    ]);
    expect(run.code, run.err).toBe(0);
    calOut = run.out;
  }, 240_000);

  it('calibrate prints the deploy λ̂ per method × α and writes fingerprint.json, listed in the manifest', async () => {
    const rows = deployRows();
    const g = rows.find((r) => r.method === 'g-carb' && r.alpha === 0.1)!;
    const fp = rows.find((r) => r.method === 'full-prefix' && r.alpha === 0.05)!;
    expect(calOut).toContain('deploy λ̂ (deploy.json; stratum all, CRC in expectation, n = 1506)');
    const line = (label: string) => calOut.split('\n').find((l) => l.startsWith(`${label} `))!;
    expect(Number(line('G-CARB').trim().split(/\s+/).at(-1))).toBe(g.lambda);
    expect(Number(line('Full-prefix').trim().split(/\s+/).at(-2))).toBe(fp.lambda);
    const manifest = JSON.parse(readFileSync(join(cal, 'manifest.json'), 'utf8')) as Manifest;
    const text = readFileSync(join(cal, 'fingerprint.json'));
    expect(manifest.outputs['fingerprint.json']).toBe(sha(text));
    const f = JSON.parse(text.toString('utf8')) as Fingerprint;
    expect(f.steps).toHaveLength(1506);
    // the first-stop index against replay's grid means: the gate stops an episode at g iff g < runsFrom
    const grid = await replayGrid([GPT, CLAUDE], 'graph');
    for (const gi of [0, 20, 36, 51, 80, 101]) {
      const stopped = f.runsFrom['g-carb']!.filter((r) => gi < r).length;
      expect(stopped / 1506, `grid ${gi}`).toBe(grid[gi]!.intervention);
    }
    expect(f.tools.send_money).toBeGreaterThan(0);
  }, 120_000);

  it.each([
    ['g-carb', '.10', 0.1, 'graph'],
    ['full-prefix', '.05', 0.05, 'full'],
  ] as const)(
    "%s at α %s: realized L̄, I and U equal replay's grid means at the deployed index (Proposition 2)",
    async (method, alphaText, alpha, kind) => {
      const out = join(work, `apply-${method}`);
      const run = await runCli([
        'apply',
        LLAMA,
        '--deploy',
        join(cal, 'deploy.json'),
        '--method',
        method,
        '--alpha',
        alphaText,
        '--out',
        out,
        '--permutations',
        '999',
      ]);
      expect(run.code, run.err).toBe(0);
      const row = deployRows().find((r) => r.method === method && r.alpha === alpha)!;
      const grid = await replayGrid([LLAMA], kind);
      const at = grid[row.lambdaIndex]!;
      const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as ApplySummaryFile;
      const all = summary.summary[0]!;
      expect([all.stratum, all.n]).toEqual(['all', 1081]);
      expect(all.loss).toBe(at.loss);
      expect(all.intervention).toBe(at.intervention);
      expect(all.success).toBe(at.utility);
      // the per-episode table adds up to the same
      const csv = readFileSync(join(out, 'episodes.csv'), 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split(','));
      expect(csv).toHaveLength(1081);
      expect(csv.filter((c) => c[3] !== '').length / 1081).toBe(at.intervention);
      // the shift verdict: one line with its exact permutation p-value
      const shift = summary.shift.strata[0]!;
      expect(shift.test.p).toBe((1 + shift.test.atLeast) / 1000);
      expect(run.out).toContain(`shift all (n 1081 vs 1506 calibration episodes, 999 permutations): ${shift.verdict}`);
      expect(run.out).toMatch(/^exchangeability martingale: /m);
      expect(run.out).toContain(
        `to recalibrate on old ∪ new logs with the same pinned pipeline: carb calibrate ${LLAMA} ${GPT} ${CLAUDE} --alphas .05,.10 --splits 10 --no-frontier --out ${cal}-recalibrated`,
      );
      const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Manifest;
      for (const f of ['episodes.arrow', 'episodes.csv', 'summary.json', 'index.html'])
        expect(manifest.outputs[f], f).toBe(sha(readFileSync(join(out, f))));
      // content-free: no argument or result text of the logs
      expect(readFileSync(join(out, 'episodes.csv'), 'utf8')).not.toMatch(/@|IBAN|https?:/);
    },
    120_000,
  );

  it('refuses a deploy folder whose fingerprint.json changed after the calibration; writes nothing', async () => {
    const dir = join(work, 'edited');
    cpSync(cal, dir, { recursive: true });
    const file = join(dir, 'fingerprint.json');
    const f = JSON.parse(readFileSync(file, 'utf8')) as Fingerprint;
    f.runsFrom['g-carb']![0] = 0;
    writeFileSync(file, JSON.stringify(f));
    const out = join(work, 'never');
    const run = await runCli(['apply', LLAMA, '--deploy', join(dir, 'deploy.json'), '--method', 'g-carb', '--alpha', '.10', '--out', out]);
    expect(run.code).toBe(1);
    expect(run.errLines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^carb: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: expected sha256 [0-9a-f]{64} \\(.*manifest\\.json outputs\\), found [0-9a-f]{64}: changed after the calibration wrote it`,
        ),
      ),
    ]);
    expect(existsSync(out)).toBe(false);
    // and, as gate / explain / audit, an edited threshold (issue 21)
    const dir2 = join(work, 'edited-deploy');
    cpSync(cal, dir2, { recursive: true });
    const deploy = JSON.parse(readFileSync(join(dir2, 'deploy.json'), 'utf8')) as DeployRow[];
    deploy.find((r) => r.method === 'g-carb' && r.alpha === 0.1)!.lambdaIndex = 101;
    writeFileSync(join(dir2, 'deploy.json'), `${JSON.stringify(deploy, null, 2)}\n`);
    const edited = await runCli([
      'apply',
      LLAMA,
      '--deploy',
      join(dir2, 'deploy.json'),
      '--method',
      'g-carb',
      '--alpha',
      '.10',
      '--out',
      out,
    ]);
    expect(edited.code).toBe(1);
    expect(edited.errLines).toEqual([
      expect.stringMatching(/deploy\.json: expected sha256 [0-9a-f]{64} .* changed after the calibration wrote it/),
    ]);
    expect(existsSync(out)).toBe(false);
  }, 60_000);

  it('carb gate says on stderr the λ it runs at', async () => {
    const row = deployRows().find((r) => r.method === 'g-carb' && r.alpha === 0.1)!;
    const run = await runCliWithStdin(['gate', '--deploy', join(cal, 'deploy.json'), '--method', 'g-carb', '--alpha', '.10'], '');
    expect(run.code, run.err).toBe(0);
    expect(run.errLines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^carb: gate g-carb \\(selector graph\\), deploy row \\d+ of .*: stratum all, α 0\\.1, expectation, n 1506; λ = ${String(row.lambda).replace('.', '\\.')} \\(grid ${row.lambdaIndex}\\)$`,
        ),
      ),
    ]);
  }, 60_000);
});
