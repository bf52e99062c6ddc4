import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// the sources (vitest does not read tsconfig's paths; 'carb' itself would be packages/carb/dist, built or not)
import { calibrate, explain, loadGate, readEpisodes } from '../packages/carb/src/index.ts';
import { runCli } from '../packages/cli/test/runCli.ts';
import { writeDeployDir } from './helpers/deployFixture.ts';
import { defaultPipeline } from './helpers/replayCorpora.ts';
import { ROOT } from './helpers/shared.ts';

// Issue 23: the public API (packages/carb/src/index.ts) returns what
// the command writes: calibrate → summary.json's and deploy.json's rows, explain → `carb explain`'s text and JSON.
const CORPUS = join(ROOT, 'corpora/ces-near-miss.jsonl');
const work = mkdtempSync(join(tmpdir(), 'carb-api-'));
const fixture = writeDeployDir(defaultPipeline(), [{ method: 'g-carb', alpha: 0.05, lambdaIndex: 59 }]);
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(fixture.dir, { recursive: true, force: true });
});

describe("carb's public API", () => {
  it('calibrate returns the rows carb calibrate writes to summary.json and deploy.json', async () => {
    const out = join(work, 'cal');
    const cli = await runCli([
      'calibrate',
      CORPUS,
      '--methods',
      'g-carb,full-prefix',
      '--alphas',
      '.05,.1',
      '--splits',
      '3',
      '--no-frontier',
      '--out',
      out,
    ]);
    expect(cli.code, cli.err).toBe(0);
    const api = await calibrate(CORPUS, { methods: ['g-carb', 'full-prefix'], alphas: ['.05', '.1'], splits: 3, frontier: false });
    expect(api.summary).toEqual(JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')));
    expect(api.deploy).toEqual(JSON.parse(readFileSync(join(out, 'deploy.json'), 'utf8')));
    expect(api.deploy).toHaveLength(4);
    expect(api.pipelineHash).toBe((JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { pipelineHash: string }).pipelineHash);
  }, 120_000);

  it("readEpisodes reads the corpus; explain gives carb explain's text and --json", async () => {
    const episodes = readEpisodes(CORPUS);
    expect(episodes.length).toBe(readFileSync(CORPUS, 'utf8').trim().split('\n').length);
    const gate = await loadGate(fixture.deploy, { method: 'g-carb', alpha: '.05' });
    const x = explain(
      episodes.find((e) => e.id === 'ces-000-leak')!,
      gate,
    );
    const args = ['explain', CORPUS, '--episode', 'ces-000-leak', '--deploy', fixture.deploy, '--method', 'g-carb', '--alpha', '.05'];
    const text = await runCli(args);
    expect(text.code, text.err).toBe(0);
    expect(x.text).toBe(text.out);
    const json = await runCli([...args, '--json']);
    expect(x.json).toEqual(JSON.parse(json.out));
    expect((x.json as { stoppedAt: number }).stoppedAt).toBe(11);
  }, 120_000);
});
