// Entry point of the bundle packages/cli/dist/carb.cjs (see build.js): runs the CLI on this process's arguments.
// No top-level await: the bundle is CommonJS, so bin/carb.js can compile it with V8's code cache (runBundle.js).
import { main } from '../src/main.ts';

// a reader that stops early (`carb calibrate … | head`) closes the pipe: what carb prints after that is dropped,
// not thrown as an unhandled EPIPE (a stack trace, exit 1) over a run that goes on to write its outputs
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE' && e.code !== 'ERR_STREAM_DESTROYED') throw e;
  });
}

void main(process.argv.slice(2)).then(async (code) => {
  process.exitCode = code;
  // main resolves once everything it started is done (files written and closed, locks released,
  // worker pools destroyed); what is left is node freeing the heap piece by piece, 100–150 ms after
  // a calibration. Exit at once instead, as soon as stdout and stderr have taken every byte
  // (a pipe may still hold some on macOS); 'exit' listeners (temporary-file cleanup) still run.
  await Promise.all([process.stdout, process.stderr].map((s) => new Promise((done) => s.write('', done))));
  process.exit(code);
});
