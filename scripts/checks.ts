// node --import tsx scripts/checks.ts [script …] (default: lint, checks:serial): the checks `npm test` runs before
// vitest, side by side. Each is one single-threaded process (tsc, eslint and prettier each build or read the whole
// tree on their own); the lint alone takes about as long as the type check, format check and build one after another,
// so on two cores the lint beside that chain (npm run checks:serial) is the shortest arrangement: measured on this
// 2-core machine from a cold lint cache, all four side by side took 75 s (the lint slowed by the contention), two at a
// time 63 s. Each script's output is printed whole when it ends, so their lines never interleave, followed by one line
// saying how it ended and how long it took; the exit status is 1 if any of them failed.
import { spawn } from 'node:child_process';

const scripts = process.argv.length > 2 ? process.argv.slice(2) : ['lint', 'checks:serial'];

/** Runs `npm run <script>`; resolves to whether it succeeded, once its output is printed. */
function run(script: string): Promise<boolean> {
  const start = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { shell: process.platform === 'win32', stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => out.push(b));
    let ended = false;
    // a child that cannot start reports 'error' and may still report 'close': print it once
    const done = (ok: boolean, why: string) => {
      if (ended) return;
      ended = true;
      process.stdout.write(Buffer.concat(out));
      const took = `${((performance.now() - start) / 1000).toFixed(1)} s`;
      if (ok) process.stdout.write(`checks: npm run ${script} passed in ${took}\n`);
      else process.stderr.write(`checks: npm run ${script} failed (${why}) after ${took}\n`);
      resolve(ok);
    };
    child.on('error', (err) => done(false, err.message));
    child.on('close', (code, signal) => done(code === 0, signal ?? `exit ${code ?? '?'}`));
  });
}

const results = await Promise.all(scripts.map(run));
process.exitCode = results.every(Boolean) ? 0 : 1;
