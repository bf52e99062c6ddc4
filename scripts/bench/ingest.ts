import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { decodeArrow, decodeJsonl, encodeArrow, encodeJsonl, readCorpus } from '@carb/episodes';

const RUNS = resolve(fileURLToPath(import.meta.url), '../../../../shared/corpora/agentdojo-runs/runs');

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

/** AgentDojo ingest (read + parse + adapt the whole shared runs/ tree) and codec throughput, best of 3. */
export async function bench(): Promise<string[]> {
  if (!existsSync(RUNS)) return [`ingest: skipped, ${RUNS} not found`];
  const ingest = best(3, () => readCorpus([RUNS]));
  const { episodes, summary } = ingest.value;
  const mb = summary.bytes / 1e6;
  const jsonlEnc = best(3, () => encodeJsonl(episodes));
  const arrowEnc = best(3, () => encodeArrow(episodes));
  const jsonlDec = best(3, () => decodeJsonl(jsonlEnc.value, 'bench.jsonl'));
  const arrowDec = best(3, () => decodeArrow(arrowEnc.value, 'bench.arrow'));
  const rate = (n: number, ms: number) => Math.round((n / ms) * 1000);
  return [
    `ingest AgentDojo runs/: ${summary.files} files, ${mb.toFixed(1)} MB, ${episodes.length} episodes in ${ingest.ms.toFixed(0)} ms (best of 3; target < 5000 ms)`,
    `ingest throughput: ${rate(episodes.length, ingest.ms)} episodes/s, ${((mb / ingest.ms) * 1000).toFixed(1)} MB/s`,
    `jsonl encode ${jsonlEnc.ms.toFixed(0)} ms (${(jsonlEnc.value.length / 1e6).toFixed(1)} MB), decode+validate ${jsonlDec.ms.toFixed(0)} ms (${rate(episodes.length, jsonlDec.ms)} episodes/s)`,
    `arrow encode ${arrowEnc.ms.toFixed(0)} ms (${(arrowEnc.value.length / 1e6).toFixed(1)} MB), decode+validate ${arrowDec.ms.toFixed(0)} ms (${rate(episodes.length, arrowDec.ms)} episodes/s)`,
  ];
}
