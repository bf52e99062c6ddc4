import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { decodeArrow, decodeJsonl, encodeArrow, encodeJsonl, readCorpus, streamCorpus } from '@carb/episodes';

const HERE = fileURLToPath(import.meta.url);
const ROOT = resolve(HERE, '../../..');
const RUNS = resolve(ROOT, '../shared/corpora/agentdojo-runs/runs');
const GRAPH = join(ROOT, 'corpora/graph-braid.jsonl');
/** Past V8's longest string (2^29 - 24 characters): the old reader's limit. */
const BIG_BYTES = 560e6;
const CHILD = 'CARB_BENCH_INGEST_CHILD';

function best<T>(runs: number, f: () => T): { ms: number; value: T } {
  let ms = Infinity;
  let value = f();
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    value = f();
    ms = Math.min(ms, performance.now() - t0);
  }
  return { ms, value };
}

const mbps = (bytes: number, ms: number) => ((bytes / 1e6 / ms) * 1000).toFixed(1);

/** The bundled graph-braid corpus repeated, each copy with new ids (`r<k>-`), until past `bytes`. */
async function generate(file: string, bytes: number): Promise<{ episodes: number; bytes: number }> {
  const lines: string[] = [];
  for await (const line of createInterface({ input: createReadStream(GRAPH) })) if (line !== '') lines.push(line);
  const out = createWriteStream(file);
  let written = 0;
  let episodes = 0;
  for (let k = 0; written < bytes; k++) {
    let text = '';
    for (const line of lines) text += `${line.replace(/^\{"id":"/, `{"id":"r${k}-`)}\n`;
    written += Buffer.byteLength(text);
    episodes += lines.length;
    if (!out.write(text))
      await new Promise<void>((r) => {
        out.once('drain', () => r());
      });
  }
  await new Promise<void>((r, j) => out.end((e?: Error | null) => (e ? j(e) : r())));
  return { episodes, bytes: written };
}

/** Runs this file as a child (`mode`), returning its one JSON line of figures. */
function child(mode: string, file: string, extra: string[] = [], nodeFlags: string[] = []): Record<string, unknown> {
  const out = execFileSync(process.execPath, [...nodeFlags, '--import', 'tsx', HERE, mode, file, ...extra], {
    cwd: ROOT,
    env: { ...process.env, [CHILD]: '1' },
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  return JSON.parse(out.trim().split('\n').pop()!) as Record<string, unknown>;
}

async function childMain(mode: string, file: string, extra: string[]): Promise<Record<string, unknown>> {
  const t0 = performance.now();
  if (mode === 'old') {
    // what readCorpus did before: the whole file as one string
    try {
      decodeJsonl(readFileSync(file).toString('utf8'), file);
      return { ok: true };
    } catch (e) {
      return { ok: false, error: (e as Error).message };
    }
  }
  if (mode === 'stream') {
    const s = streamCorpus([file], { batchSize: 1024 });
    let episodes = 0;
    for await (const b of s) episodes += b.length;
    return { episodes, problems: s.problems.length, bytes: s.summary().bytes, ms: performance.now() - t0 };
  }
  // mode ingest: `carb ingest <file> --out <out>`
  const { main } = await import('../../packages/cli/src/main.ts');
  const code = await main(['ingest', file, '--out', extra[0]!, '--tools', join(ROOT, 'configs/tools/suites.json')]);
  return { code, ms: performance.now() - t0 };
}

/**
 * Ingest and codec throughput on the shared AgentDojo runs (best of 3), and a JSONL
 * corpus past 512 MB (generated in the temp dir, deleted after): the old whole-string
 * read fails on it, the streaming read and `carb ingest` go through with peak RSS
 * bounded by a batch (plus one id per episode). RSS is the child process's maxRSS.
 */
export async function bench(): Promise<string[]> {
  const lines: string[] = [];
  if (!existsSync(RUNS)) lines.push(`ingest: shared runs skipped, ${RUNS} not found`);
  else {
    const ingest = best(3, () => readCorpus([RUNS]));
    const { episodes, summary } = ingest.value;
    const mb = summary.bytes / 1e6;
    const stream = { ms: Infinity };
    for (let r = 0; r < 3; r++) {
      const t0 = performance.now();
      let n = 0;
      for await (const b of streamCorpus([RUNS])) n += b.length;
      if (n !== episodes.length) throw new Error(`stream read ${n} episodes, readCorpus ${episodes.length}`);
      stream.ms = Math.min(stream.ms, performance.now() - t0);
    }
    const jsonlEnc = best(3, () => encodeJsonl(episodes));
    const arrowEnc = best(3, () => encodeArrow(episodes));
    const jsonlDec = best(3, () => decodeJsonl(jsonlEnc.value, 'bench.jsonl'));
    const arrowDec = best(3, () => decodeArrow(arrowEnc.value, 'bench.arrow'));
    const rate = (n: number, ms: number) => Math.round((n / ms) * 1000);
    lines.push(
      `ingest AgentDojo runs/: ${summary.files} files, ${mb.toFixed(1)} MB, ${episodes.length} episodes in ${ingest.ms.toFixed(0)} ms (readCorpus, best of 3; target < 5000 ms)`,
      `ingest throughput: readCorpus ${rate(episodes.length, ingest.ms)} episodes/s, ${mbps(summary.bytes, ingest.ms)} MB/s; streamCorpus ${mbps(summary.bytes, stream.ms)} MB/s (${stream.ms.toFixed(0)} ms)`,
      `jsonl encode ${jsonlEnc.ms.toFixed(0)} ms (${(jsonlEnc.value.length / 1e6).toFixed(1)} MB), decode+validate ${jsonlDec.ms.toFixed(0)} ms (${rate(episodes.length, jsonlDec.ms)} episodes/s, ${mbps(jsonlEnc.value.length, jsonlDec.ms)} MB/s)`,
      `arrow encode ${arrowEnc.ms.toFixed(0)} ms (${(arrowEnc.value.length / 1e6).toFixed(1)} MB), decode+validate ${arrowDec.ms.toFixed(0)} ms (${rate(episodes.length, arrowDec.ms)} episodes/s)`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'carb-bench-ingest-'));
  try {
    const big = join(dir, 'big.jsonl');
    const gen = await generate(big, BIG_BYTES);
    lines.push(`large JSONL: ${gen.episodes} episodes, ${(gen.bytes / 1e6).toFixed(0)} MB (graph-braid repeated with new ids, in ${dir})`);
    const old = child('old', big);
    lines.push(`  old read (whole file as one string): ${old.ok ? 'read' : `fails: ${String(old.error)}`}`);
    const s = child('stream', big);
    lines.push(
      `  streamCorpus: ${String(s.episodes)} episodes, ${String(s.problems)} problems, ${mbps(Number(s.bytes), Number(s.ms))} MB/s, peak RSS ${(Number(s.maxRss) / 1024).toFixed(0)} MB`,
    );
    const capped = child('stream', big, [], ['--max-old-space-size=192']);
    lines.push(
      `  streamCorpus with the JS heap capped at 192 MB: ${String(capped.episodes)} episodes, peak RSS ${(Number(capped.maxRss) / 1024).toFixed(0)} MB`,
    );
    const out = join(dir, 'out.jsonl');
    const ing = child('ingest', big, [out]);
    lines.push(
      `  carb ingest → .jsonl: exit ${String(ing.code)}, ${mbps(gen.bytes, Number(ing.ms))} MB/s, peak RSS ${(Number(ing.maxRss) / 1024).toFixed(0)} MB, wrote ${existsSync(out) ? `${(statSync(out).size / 1e6).toFixed(0)} MB` : 'nothing'}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return lines;
}

if (process.env[CHILD] === '1') {
  const [mode, file, ...extra] = process.argv.slice(2);
  const figures = await childMain(mode!, file!, extra);
  // maxRSS: the process's peak resident set (KiB)
  process.stdout.write(`\n${JSON.stringify({ ...figures, maxRss: process.resourceUsage().maxRSS })}\n`);
}
