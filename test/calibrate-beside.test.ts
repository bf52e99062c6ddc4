import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from './helpers/outputRuleFixture.ts';
import { ROOT } from './helpers/shared.ts';

// `carb calibrate` of a corpus of AgentDojo logs (one file per episode) replays beside its reading
// (replayBesideReading): with three workers a replay thread takes chunks of 64 episodes while this
// thread reads (two workers replay on the reading thread: V8's own threads fill the second core). The report must be the one-thread report byte for byte, a bad log is still named
// with its record, and an interrupted run leaves nothing behind.

const FIXTURES = join(ROOT, 'packages/episodes/test/fixtures');
const tmp = mkdtempSync(join(tmpdir(), 'carb-beside-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const COPIES = 60;
const corpus = join(tmp, 'runs');

/** The fixture logs, each copied under COPIES user tasks of its own (ids come from the log's user_task_id). */
function writeCorpus(): number {
  const logs = readdirSync(join(FIXTURES, 'runs'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json'));
  let n = 0;
  for (const rel of logs) {
    const doc = JSON.parse(readFileSync(join(FIXTURES, 'runs', rel), 'utf8')) as { user_task_id: string };
    for (let k = 0; k < COPIES; k++) {
      const task = `${doc.user_task_id}${String(100 + k)}`;
      const file = join(corpus, rel.replace(doc.user_task_id, task));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify({ ...doc, user_task_id: task }));
      n++;
    }
  }
  return n;
}

const calibrate = (out: string, ...extra: string[]) =>
  spawnSync(process.execPath, [BIN, 'calibrate', corpus, '--splits', '20', '--out', out, ...extra], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
  });

/** Every file of a report folder but the manifest and index.html (they record the command line, --workers included). */
function reportBytes(dir: string): Map<string, Buffer> {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => !['manifest.json', 'index.html'].includes(f));
  return new Map(files.sort().map((f) => [f, readFileSync(join(dir, f))]));
}

describe('calibrate: replay beside the reading of a folder of logs', () => {
  let episodes = 0;
  beforeAll(() => {
    episodes = writeCorpus();
    // last in walk order, so the replay thread has chunks in flight when it is read
    mkdirSync(join(corpus, 'zz'), { recursive: true });
    copyFileSync(join(FIXTURES, 'bad/truncated.json'), join(corpus, 'zz/truncated.json'));
  });

  it('the corpus spans several chunks of 64 episodes', () => {
    expect(episodes).toBe(5 * COPIES);
  });

  it('one worker and three give the same report, byte for byte; the bad log is named once with its record', () => {
    const one = calibrate(join(tmp, 'w1'), '--workers', '1');
    const two = calibrate(join(tmp, 'w2'), '--workers', '3');
    expect(one.status, one.stderr).toBe(0);
    expect(two.status, two.stderr).toBe(0);
    const a = reportBytes(join(tmp, 'w1'));
    const b = reportBytes(join(tmp, 'w2'));
    expect([...b.keys()]).toEqual([...a.keys()]);
    expect(a.size).toBeGreaterThan(5);
    for (const [f, bytes] of a) expect(b.get(f)!.equals(bytes), f).toBe(true);
    // the manifest differs only by the recorded command line
    const manifest = (dir: string) => {
      const m = JSON.parse(readFileSync(join(tmp, dir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
      return JSON.stringify({ ...m, argv: null, files: null, sha256: null });
    };
    expect(manifest('w2')).toBe(manifest('w1'));
    const named = (stderr: string) => stderr.split('\n').filter((l) => l.includes('zz/truncated.json'));
    expect(named(two.stderr)).toEqual(named(one.stderr));
    expect(named(two.stderr)).toHaveLength(1);
    expect(named(two.stderr)[0]).toMatch(/^.*zz\/truncated\.json: .*expected/);
  }, 240_000);

  it('--strict: refused for the bad log, with threads replaying; nothing written', () => {
    const out = join(tmp, 'strict');
    const r = calibrate(out, '--workers', '3', '--strict');
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('zz/truncated.json');
    expect(existsSync(join(out, 'summary.json'))).toBe(false);
  }, 120_000);

  it('SIGINT while reading and replaying: the run ends by it, leaving no report, lock or temporary file', async () => {
    const out = join(tmp, 'interrupted');
    const lock = join(tmp, '.interrupted.carb-lock');
    const child = spawn(process.execPath, [BIN, 'calibrate', corpus, '--splits', '20', '--out', out, '--workers', '3'], {
      cwd: ROOT,
      stdio: 'ignore',
    });
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) =>
      child.on('exit', (code, signal) => res({ code, signal })),
    );
    // the lock is taken just before the corpus is read; a moment later the replay thread is starting or replaying
    for (let i = 0; i < 2400 && child.exitCode === null && !existsSync(lock); i++) await new Promise((r) => setTimeout(r, 5));
    expect(existsSync(lock), 'the run took its lock before the signal').toBe(true);
    await new Promise((r) => setTimeout(r, 150));
    child.kill('SIGINT');
    const end = await ended;
    expect(end.code === 0 && end.signal === null, 'the run ended by the signal, not by finishing').toBe(false);
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
    expect(readdirSync(tmp).filter((f) => f.includes('interrupted'))).toEqual([]);
  }, 120_000);
});
