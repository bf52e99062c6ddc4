import { performance } from 'node:perf_hooks';
import { encodeJsonl } from '@carb/episodes';
import { generateCes, generateGraphBraid } from '@carb/suites';

/** Generation time of the bundled constructed corpora (in memory, no disk). */
export function bench(): string[] {
  const lines: string[] = [];
  for (const [name, gen] of [
    ['ces near-miss (320 episodes)', () => generateCes('near-miss', 0)],
    ['graph-braid (2,000 × 20 steps)', () => generateGraphBraid(0)],
  ] as const) {
    const t0 = performance.now();
    const out = gen();
    const t1 = performance.now();
    const bytes = encodeJsonl(out.episodes).length;
    const t2 = performance.now();
    lines.push(
      `suites: ${name}: generate ${(t1 - t0).toFixed(0)} ms, encode ${(t2 - t1).toFixed(0)} ms, ${(bytes / 1e6).toFixed(1)} MB JSONL`,
    );
  }
  return lines;
}
