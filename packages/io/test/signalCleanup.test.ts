import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const tmp = mkdtempSync(join(tmpdir(), 'carb-signal-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('one signal handler (signalCleanup) for temp files, locks and writeDirAtomic staging', () => {
  it('SIGINT mid-write: one SIGINT listener, the registered temp folder and the staging folder removed, death by SIGINT', async () => {
    const target = join(tmp, 'out');
    const temp = join(tmp, 'temp.tmp');
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'fixtures/interruptedWrite.ts'), target, temp], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) =>
      child.on('exit', (code, signal) => res({ code, signal })),
    );
    try {
      const ready = await new Promise<string>((res) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.includes('\n')) res(out.trim());
        });
        // a child that dies first answers with what it printed, not a hang
        child.on('exit', () => res(out.trim()));
      });
      // both a removeOnSignal path and a staging folder are registered: still one listener
      expect(ready).toBe('ready 1');
      expect(existsSync(temp)).toBe(true);
      expect(readdirSync(tmp).filter((f) => f.startsWith('.out.carb-staging-'))).toHaveLength(1);
      child.kill('SIGINT');
      expect(await ended).toEqual({ code: null, signal: 'SIGINT' });
      expect(readdirSync(tmp)).toEqual([]);
    } finally {
      // a failed expectation must not leave the writer running
      child.kill('SIGKILL');
    }
  }, 60_000);

  // script(1) gives the child a terminal, where alone the bar draws (and hides the cursor)
  const script = ['/usr/bin/script', '/bin/script'].find((p) => existsSync(p));
  it.skipIf(script === undefined)(
    `a progress bar interrupted on a terminal gives the cursor and line wrapping back, then dies of the signal${script ? '' : ' [skipped: no script(1)]'}`,
    () => {
      const fixture = join(import.meta.dirname, 'fixtures/interruptedBar.ts');
      const r = spawnSync(script!, ['-qec', `'${process.execPath}' --import tsx '${fixture}'`, '/dev/null'], {
        encoding: 'utf8',
        timeout: 60_000,
      });
      // sh -c reports a death by SIGINT as 128 + 2
      expect(r.status, r.stdout).toBe(130);
      const hidden = r.stdout.indexOf('\x1b[?25l');
      expect(hidden).toBeGreaterThanOrEqual(0);
      expect(r.stdout.indexOf('\x1b[?25h', hidden)).toBeGreaterThan(hidden);
      expect(r.stdout.indexOf('\x1b[?7h', hidden)).toBeGreaterThan(hidden);
    },
    60_000,
  );
});
