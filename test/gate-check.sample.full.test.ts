import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveGate } from '@carb/deploy';
import { runCli } from '../packages/cli/test/runCli.ts';
import { SHARED_SAMPLE, stratifiedSample } from './helpers/episodeSample.ts';
import { writeDeployDir } from './helpers/deployFixture.ts';
import { checkAtBreakpoints } from './helpers/gateCheckBreakpoints.ts';
import { defaultPipeline, sharedEpisodes } from './helpers/replayCorpora.ts';
import { ROOT, describeShared } from './helpers/shared.ts';

// App. H's agreement check as a command: the online gate driven through logged episodes stops
// where offline replay stops (Proposition 2). gate-check.full.test.ts runs every shared episode; this
// sample variant is in the full project too (CI runs it after `npm test`).

const corpus = (name: string) => join(ROOT, 'corpora', `${name}.jsonl`);
const dir = mkdtempSync(join(tmpdir(), 'carb-gate-check-'));
const fixture = writeDeployDir(defaultPipeline(), [
  { method: 'g-carb', alpha: 0.1, lambdaIndex: 59 },
  { method: 'full-prefix', alpha: 0.1, lambdaIndex: 55 },
]);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(fixture.dir, { recursive: true, force: true });
});

/** Logged steps and non-empty episodes of a JSONL corpus, counted from the file itself. */
function fileCounts(file: string): { steps: number; nonEmpty: number } {
  const eps = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{"id"'))
    .map((l) => (JSON.parse(l) as { steps: unknown[] }).steps.length);
  return { steps: eps.reduce((a, b) => a + b, 0), nonEmpty: eps.filter((t) => t > 0).length };
}

const summary = (out: string) => out.trim().split('\n').at(-1);

describe('carb gate --check on the bundled corpora: 0 disagreements', () => {
  it('--all-thresholds: the first 24 episodes of ces-clean at every grid threshold', async () => {
    // a slice keeps this quick; gate-check.full.test.ts runs every bundled episode at every threshold
    const slice = join(dir, 'ces-clean-24.jsonl');
    writeFileSync(
      slice,
      readFileSync(corpus('ces-clean'), 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('{"id"'))
        .slice(0, 24)
        .join('\n') + '\n',
    );
    const run = await runCli(['gate', '--check', slice, '--all-thresholds']);
    expect(run.code, run.out).toBe(0);
    expect(run.out.split('\n')[0]).toBe('checked 24 episodes: pipeline selector (selector graph); every grid threshold (102)');
    expect(summary(run.out)).toMatch(/^proposals checked \d+, disagreements 0$/);
  }, 120_000);

  it('λ⊥ proposes one step per non-empty episode, λ = 1 every logged step (counts from the files)', async () => {
    for (const name of ['ces-clean', 'ces-near-miss']) {
      const { steps, nonEmpty } = fileCounts(corpus(name));
      expect(summary((await runCli(['gate', '--check', corpus(name), '--lambda', '-1'])).out)).toBe(
        `proposals checked ${nonEmpty}, disagreements 0`,
      );
      expect(summary((await runCli(['gate', '--check', corpus(name), '--lambda', '1'])).out)).toBe(
        `proposals checked ${steps}, disagreements 0`,
      );
    }
  }, 120_000);

  it('deploy rows (g-carb λ .58 on ces-near-miss and graph-braid, full prefix λ .54 on ces-near-miss), and a .jsonl.gz copy reads the same', async () => {
    // ces-clean is a subset of ces-near-miss (same ids), so the two together would read 160 duplicates
    const all = ['ces-near-miss', 'graph-braid'].map(corpus);
    for (const [method, files, n] of [
      ['g-carb', all, 2320],
      ['full-prefix', all.slice(0, 1), 320],
    ] as const) {
      const run = await runCli(['gate', '--check', ...files, '--deploy', fixture.deploy, '--method', method, '--alpha', '.1']);
      expect(run.code, run.out).toBe(0);
      expect(run.out).toMatch(new RegExp(`^checked ${n} episodes: ${method} `));
      expect(summary(run.out)).toMatch(/^proposals checked \d+, disagreements 0$/);
    }
    const gz = join(dir, 'ces-near-miss.jsonl.gz');
    writeFileSync(gz, gzipSync(readFileSync(corpus('ces-near-miss'))));
    const plain = await runCli(['gate', '--check', corpus('ces-near-miss'), '--lambda', '.29']);
    const zipped = await runCli(['gate', '--check', gz, '--lambda', '.29']);
    expect(zipped.code, zipped.err).toBe(0);
    expect(summary(zipped.out)).toBe(summary(plain.out));
  }, 120_000);

  // the bundled real logs (corpora/*.jsonl.gz, e.g. agentdojo-gpt-4o-2024-05-13)
  const gz = readdirSync(join(ROOT, 'corpora'))
    .filter((f) => f.endsWith('.jsonl.gz'))
    .map((f) => join(ROOT, 'corpora', f));
  it.skipIf(gz.length === 0)(
    `the bundled .jsonl.gz corpora (${gz.length}) at the g-carb deploy row`,
    async () => {
      const run = await runCli(['gate', '--check', ...gz, '--deploy', fixture.deploy, '--method', 'g-carb', '--alpha', '.1']);
      expect(run.code, run.out).toBe(0);
      expect(summary(run.out)).toMatch(/^proposals checked \d+, disagreements 0$/);
    },
    120_000,
  );

  it('--all-thresholds alone and --episode with --check are usage errors', async () => {
    expect((await runCli(['gate', '--all-thresholds'])).errLines).toEqual([
      'carb: --all-thresholds: expected together with --check, found it alone',
    ]);
    const both = await runCli(['gate', '--check', corpus('ces-clean'), '--lambda', '.5', '--episode', 'x']);
    expect([both.code, both.errLines]).toEqual([
      2,
      ['carb: --episode: expected without --check (checked episodes use their own ids), found both'],
    ]);
  }, 120_000);
});

describeShared('carb gate --check on a fixed-seed sample of the shared AgentDojo corpus', () => {
  it("g-carb and full prefix, at both sides of each episode's every decision breakpoint, λ⊥ and 1: 0 disagreements", () => {
    const episodes = stratifiedSample(sharedEpisodes(), SHARED_SAMPLE);
    expect(episodes.length).toBe(303);
    for (const method of ['g-carb', 'full-prefix'] as const) {
      const { proposals, disagreements } = checkAtBreakpoints(episodes, resolveGate({ method }));
      expect(disagreements, method).toEqual([]);
      // λ⊥ proposes one step of each of the 303 episodes, λ = 1 all 1,392 (episodeSample.ts), breakpoints more
      expect(proposals).toBeGreaterThan(303 + 1392);
    }
  }, 300_000);
});
