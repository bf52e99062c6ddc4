import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { ResvgRenderOptions } from '@resvg/resvg-js';
import { carbPath } from '@carb/io';
import { largePagesWhileLoading } from './largePages.ts';

// The thread's whole program: a few lines of CommonJS that load only the renderer, so it starts in
// milliseconds from the sources and the bundle alike (no TypeScript loader, no carb modules).
const PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const { Resvg } = require(workerData.resvg);
parentPort.postMessage({ loaded: true });
parentPort.on('message', ({ id, svg, options }) => {
  let png;
  try {
    png = new Resvg(svg, options).render().asPng();
  } catch (e) {
    parentPort.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
    return;
  }
  parentPort.postMessage({ id, png });
});
`;

/** The thread's first message, that resvg has loaded (its allocator has read the environment), then one per render. */
type Reply = { loaded: true } | { loaded?: undefined; id: number; png?: Uint8Array; error?: string };

interface Pending {
  resolve: (png: Uint8Array) => void;
  reject: (e: Error) => void;
}

let thread: Worker | null = null;
/** The next render's id: also how many renders this process has asked of the thread. */
let nextId = 0;
const pending = new Map<number, Pending>();

function failAll(e: Error): void {
  for (const p of pending.values()) p.reject(e);
  pending.clear();
  thread = null;
}

function renderer(): Worker {
  if (thread) return thread;
  const resvg = createRequire(carbPath('packages/report/package.json')).resolve('@resvg/resvg-js');
  // set in this process's environment until the thread has loaded resvg (or failed to)
  const release = largePagesWhileLoading();
  const w = new Worker(PROGRAM, { eval: true, workerData: { resvg } });
  w.on('message', (r: Reply) => {
    if (r.loaded) {
      release();
      return;
    }
    const p = pending.get(r.id);
    if (!p) return;
    pending.delete(r.id);
    // an idle renderer must not keep the process alive
    if (pending.size === 0) w.unref();
    if (r.error !== undefined) p.reject(new Error(r.error));
    else p.resolve(r.png!);
  });
  w.on('error', (e) => {
    release();
    failAll(e);
  });
  w.on('exit', (code) => {
    release();
    if (pending.size > 0) failAll(new Error(`PNG renderer thread exited (code ${code}) with renders pending`));
    thread = null;
  });
  w.unref();
  thread = w;
  return w;
}

/**
 * Rasterises `svg` to PNG bytes on a thread of its own (started at the first call, kept for the
 * next ones): parsing, text layout, rasterising and the PNG encoding all leave this thread,
 * which carb main's next section or the rest of a report keeps busy meanwhile.
 */
export function renderOnThread(svg: string, options: ResvgRenderOptions): Promise<Uint8Array> {
  const w = renderer();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.ref();
    w.postMessage({ id, svg, options });
  });
}

/**
 * Starts the renderer thread ahead of the first PNG (a no-op once started), so that loading it
 * overlaps a command's reading and calibrating instead of delaying the report at the end.
 */
export function startPngRenderer(): void {
  renderer();
}

/** How many renders this process has asked of the renderer thread (tests: a report's PNGs are rendered once each). */
export function rendersAsked(): number {
  return nextId;
}
