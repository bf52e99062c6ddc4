import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readCorpus } from '@carb/episodes';
import { runCli } from '../packages/cli/test/runCli.ts';
import { ROOT } from './helpers/shared.ts';

const CES = resolve(ROOT, 'corpora/ces-clean.jsonl');
const scratch = mkdtempSync(join(tmpdir(), 'carb-degenerate-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const episodes = readCorpus([CES], { format: 'auto' }).episodes;

const NEVER_FIRED = `the ledger fired on 0 of ${episodes.length} calibration episodes: every threshold meets every α, so λ̂ is the top of the grid (λ = 1), a gate that never stops; nothing is certified (check the ledger: --ledger-events, the tool typing)`;

describe('a degenerate deployment is called out on stderr and in the report', () => {
  it('external scores and an external ledger that never fires: the warning, λ̂ at the top of the grid', async () => {
    const scores = join(scratch, 'scores.jsonl');
    writeFileSync(
      scores,
      episodes.flatMap((e) => e.steps.map((_, t) => `${JSON.stringify({ id: e.id, step: t, score: 0.5 })}\n`)).join(''),
    );
    // a review that found nothing: one line per episode, no events
    const events = join(scratch, 'events.jsonl');
    writeFileSync(events, episodes.map((e) => `${JSON.stringify({ id: e.id, events: [] })}\n`).join(''));
    const out = join(scratch, 'cal');
    const r = await runCli([
      'calibrate',
      CES,
      '--splits',
      '2',
      '--no-frontier',
      '--workers',
      '1',
      '--methods',
      'no-guard,g-carb',
      '--alphas',
      '.05,.1',
      '--scores',
      scores,
      '--ledger',
      'external',
      '--ledger-events',
      events,
      '--unlabelled',
      'clean',
      '--out',
      out,
    ]);
    expect(r.code, r.err).toBe(0);
    expect(r.errLines).toContain(`carb: warning: degenerate deployment: ${NEVER_FIRED}`);
    const deploy = JSON.parse(readFileSync(join(out, 'deploy.json'), 'utf8')) as Array<{
      method: string;
      lambda: number;
      lambdaIndex: number;
    }>;
    // top of the 102-point grid: index 101, λ = 1
    expect(deploy.filter((d) => d.method === 'g-carb').map((d) => [d.lambdaIndex, d.lambda])).toEqual([
      [101, 1],
      [101, 1],
    ]);
    for (const page of ['tables.md', 'index.html']) {
      const text = readFileSync(join(out, page), 'utf8');
      const at = text.indexOf(`Warning — degenerate deployment: ${NEVER_FIRED}.`);
      expect(at, page).toBeGreaterThan(0);
      // it opens the Deploy section, before the first threshold
      expect(at, page).toBeLessThan(text.indexOf('λ̂ fit on all n'));
    }
  }, 120_000);

  it('tools no typing lists: most calls untyped, counted alike when episodes are decoded in the replay (deferred) or read here (--scores)', async () => {
    // every tool renamed to one the default typing does not list; everything else as it was
    const renamed = join(scratch, 'renamed.jsonl');
    writeFileSync(renamed, readFileSync(CES, 'utf8').replace(/"tool":"([a-z_]+)"/g, '"tool":"acme_$1"'));
    const total = episodes.reduce((k, e) => k + e.steps.length, 0);
    const line = `carb: warning: degenerate deployment: most calls are to untyped tools: ${total.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} proposals (100%) call a tool the pipeline's tool typing does not list, so the graph, scorer and ledger cannot tell sources from sinks; type them (carb tools init, carb tools check)`;
    const args = [
      'calibrate',
      renamed,
      '--splits',
      '2',
      '--no-frontier',
      '--workers',
      '1',
      '--methods',
      'no-guard,g-carb',
      '--alphas',
      '.05,.1',
    ];
    const deferred = await runCli([...args, '--out', join(scratch, 'untyped')]);
    expect(deferred.code, deferred.err).toBe(0);
    expect(deferred.errLines).toContain(line);
    const scores = join(scratch, 'scores-renamed.jsonl');
    writeFileSync(
      scores,
      episodes.flatMap((e) => e.steps.map((_, t) => `${JSON.stringify({ id: e.id, step: t, score: 0.5 })}\n`)).join(''),
    );
    const read = await runCli([...args, '--scores', scores, '--out', join(scratch, 'untyped-scores')]);
    expect(read.code, read.err).toBe(0);
    expect(read.errLines).toContain(line);
  }, 120_000);

  it('a sound calibration of the same corpus says nothing', async () => {
    const out = join(scratch, 'sound');
    const r = await runCli([
      'calibrate',
      CES,
      '--splits',
      '2',
      '--no-frontier',
      '--workers',
      '1',
      '--methods',
      'no-guard,g-carb',
      '--alphas',
      '.05,.1',
      '--out',
      out,
    ]);
    expect(r.code, r.err).toBe(0);
    expect(r.err).not.toContain('degenerate');
    expect(readFileSync(join(out, 'tables.md'), 'utf8')).not.toContain('degenerate');
  }, 120_000);
});
