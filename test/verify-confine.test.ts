import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../packages/cli/test/runCli.ts';
import { ROOT } from './helpers/shared.ts';

// Issue 21 (integrity): carb verify reads only files inside the folder, re-runs only carb's report commands, and
// names an input that changed since the report. One small calibration (own-logs, 42 reviewed episodes, 3 splits)
// whose events, scores and corpus are copies this test may edit.
const work = mkdtempSync(join(tmpdir(), 'carb-verify-confine-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const OWN = join(ROOT, 'corpora/own-logs');
const inputs = { corpus: join(work, 'agent.jsonl'), events: join(work, 'review-events.jsonl'), scores: join(work, 'judge-scores.jsonl') };
const report = join(work, 'report');
const sha = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');
const calibrate = (out: string) =>
  runCli([
    'calibrate',
    inputs.corpus,
    '--pipeline',
    join(OWN, 'pipeline.json'),
    '--ledger',
    'external',
    '--ledger-events',
    inputs.events,
    '--unlabelled',
    'exclude',
    '--scores',
    inputs.scores,
    '--methods',
    'no-guard,g-carb',
    '--splits',
    '3',
    '--no-frontier',
    '--out',
    out,
  ]);

/** A fresh copy of the report to tamper with. */
function copy(name: string): string {
  const dir = join(work, name);
  cpSync(report, dir, { recursive: true });
  return dir;
}

/** Rewrites the copy's manifest.json through `edit`. */
function editManifest(
  dir: string,
  edit: (m: { command: { argv: string[] }; outputs: Record<string, string>; inputs?: Record<string, string> }) => void,
): void {
  const file = join(dir, 'manifest.json');
  const m = JSON.parse(readFileSync(file, 'utf8')) as Parameters<typeof edit>[0];
  edit(m);
  writeFileSync(file, `${JSON.stringify(m, null, 2)}\n`);
}

describe('carb verify stays inside the folder and re-runs only carb report commands', () => {
  beforeAll(async () => {
    for (const [k, path] of Object.entries(inputs))
      cpSync(join(OWN, k === 'corpus' ? 'agent.jsonl' : k === 'events' ? 'review-events.jsonl' : 'judge-scores.jsonl'), path);
    const r = await calibrate(report);
    expect(r.code, r.err).toBe(0);
  }, 120_000);

  it('the manifest records the events and scores files read, by path and SHA-256; the untouched report verifies', async () => {
    const m = JSON.parse(readFileSync(join(report, 'manifest.json'), 'utf8')) as { inputs: Record<string, string> };
    expect(m.inputs).toEqual({ [inputs.events]: sha(readFileSync(inputs.events)), [inputs.scores]: sha(readFileSync(inputs.scores)) });
    const r = await runCli(['verify', report]);
    expect(r.code, r.err).toBe(0);
  }, 120_000);

  it('an output replaced by a symlink (even to identical bytes) is named and not followed', async () => {
    const dir = copy('symlinked');
    const outside = join(work, 'summary-outside.json');
    cpSync(join(dir, 'summary.json'), outside);
    unlinkSync(join(dir, 'summary.json'));
    symlinkSync(outside, join(dir, 'summary.json'));
    const r = await runCli(['verify', dir]);
    expect([r.code, r.errLines]).toEqual([
      1,
      [`${join(dir, 'summary.json')}: symlink, not followed (verify reads only files inside ${dir})`],
    ]);
    expect(r.out).toContain('not re-run');
  }, 60_000);

  it('a symlinked folder inside the report is named, its files never read', async () => {
    const dir = copy('symlinked-dir');
    symlinkSync('/etc', join(dir, 'etc'));
    const r = await runCli(['verify', dir]);
    expect([r.code, r.errLines]).toEqual([1, [`${join(dir, 'etc')}: symlink, not followed (verify reads only files inside ${dir})`]]);
  }, 60_000);

  it('a manifest output path leading out of the folder ("../../etc/hostname", absolute) is refused, nothing read or re-run', async () => {
    for (const path of ['../../etc/hostname', '/etc/hostname', 'a/../../x']) {
      const dir = copy(`escape-${sha(path).slice(0, 6)}`);
      editManifest(dir, (m) => {
        m.outputs[path] = 'ab'.repeat(32);
      });
      const r = await runCli(['verify', dir]);
      expect([r.code, r.errLines]).toEqual([
        1,
        [
          `${join(dir, 'manifest.json')}: outputs: expected a path inside ${dir} (relative, no "..", not absolute), found ${JSON.stringify(path)}; nothing read`,
        ],
      ]);
      expect(r.out).toContain('not re-run');
    }
  }, 60_000);

  it('a manifest whose command is not a carb report command is refused before anything runs', async () => {
    const dir = copy('foreign-command');
    const target = join(work, 'written-by-verify.jsonl');
    editManifest(dir, (m) => {
      m.command.argv = ['ingest', inputs.corpus, '--out', target];
    });
    const r = await runCli(['verify', dir]);
    expect([r.code, r.errLines]).toEqual([
      1,
      [
        `carb: ${join(dir, 'manifest.json')}: command.argv: expected a carb report command (calibrate, main, sweep), found "ingest"; nothing run`,
      ],
    ]);
    expect(r.out).not.toContain('verify: all');
  }, 60_000);

  it('a manifest of the wrong shape is refused one line per problem (configs/schema/manifest.schema.json), nothing run', async () => {
    const dir = copy('wrong-shape');
    const file = join(dir, 'manifest.json');
    let at = 0;
    editManifest(dir, (m) => {
      at = m.command.argv.length;
      (m.command.argv as unknown[]).push(3);
      (m.outputs as Record<string, unknown>)['summary.json'] = 42;
      (m as { inputs?: unknown }).inputs = [];
    });
    const r = await runCli(['verify', dir]);
    expect([r.code, r.errLines]).toEqual([
      1,
      [
        `carb: ${file}: /outputs/summary.json: expected a file's SHA-256 (64 hex digits), found number 42`,
        `carb: ${file}: /inputs: expected an object of file → sha256, found an array (length 0)`,
        `carb: ${file}: /command/argv/${String(at)}: expected a command-line argument (a string), found number 3`,
      ],
    ]);
    expect(r.out).not.toContain('verify: all');
  }, 60_000);

  it('nested carb output folders the manifest does not list are skipped, named; loose files still fail', async () => {
    const dir = copy('nested');
    cpSync(report, join(dir, 'own-logs'), { recursive: true });
    // a sweep folder is known by its sweep.json record (carb sweep writes carbVersion in it)
    mkdirSync(join(dir, 'sweeps', 'table10'), { recursive: true });
    writeFileSync(join(dir, 'sweeps', 'table10', 'sweep.json'), `${JSON.stringify({ carbVersion: '0.1.0', conditions: [] })}\n`);
    writeFileSync(join(dir, 'sweeps', 'table10', 'index.html'), '<p>sweep</p>\n');
    const r = await runCli(['verify', dir]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(
      `verify: skipped 2 nested carb output folder(s): ${join(dir, 'own-logs')}, ${join(dir, 'sweeps', 'table10')}\n`,
    );
    // a folder whose manifest.json is not carb's is walked: its files are extra
    mkdirSync(join(dir, 'notes'));
    writeFileSync(join(dir, 'notes', 'todo.txt'), 'x\n');
    writeFileSync(join(dir, 'notes', 'manifest.json'), '{"name":"web-app"}\n');
    const loose = await runCli(['verify', dir]);
    expect([loose.code, loose.errLines]).toEqual([
      1,
      [
        `${join(dir, 'notes', 'manifest.json')}: extra file, not listed in the manifest`,
        `${join(dir, 'notes', 'todo.txt')}: extra file, not listed in the manifest`,
      ],
    ]);
  }, 120_000);

  it('an events file edited since the report is named before anything is re-run', async () => {
    const before = readFileSync(inputs.events, 'utf8');
    try {
      const edited = before.split('\n').slice(1).join('\n');
      writeFileSync(inputs.events, edited);
      const r = await runCli(['verify', report]);
      expect([r.code, r.errLines]).toEqual([
        1,
        [
          `${inputs.events}: expected sha256 ${sha(before)} (an input ${join(report, 'manifest.json')} records), found ${sha(edited)}: the input changed since the report`,
        ],
      ]);
      expect(r.out).toContain('not re-run');
    } finally {
      writeFileSync(inputs.events, before);
    }
  }, 60_000);

  it('a corpus edited since the report: the re-run names the corpus digest that changed', async () => {
    const before = readFileSync(inputs.corpus, 'utf8');
    try {
      // one word of a customer's message (support-001), so every episode still reads and has its review line
      expect(before).toContain('How do I return the board game');
      writeFileSync(inputs.corpus, before.replace('How do I return the board game', 'How do I return the board games'));
      const recorded = (JSON.parse(readFileSync(join(report, 'manifest.json'), 'utf8')) as { corpus: { digest: string } }).corpus.digest;
      const r = await runCli(['verify', report]);
      expect(r.code).toBe(1);
      expect(r.errLines.find((l) => l.includes(': corpus: '))).toMatch(
        new RegExp(
          `^${join(report, 'manifest.json')}: corpus: expected digest ${recorded}, found (?!${recorded})[0-9a-f]{64} in the re-run: the corpus it reads changed since the report$`,
        ),
      );
    } finally {
      writeFileSync(inputs.corpus, before);
    }
  }, 120_000);
});
