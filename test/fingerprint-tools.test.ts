import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../packages/cli/test/runCli.ts';
import { ROOT } from './helpers/shared.ts';

// fingerprint.json's tool vocabulary counts every call by its tool name, whatever the name: a tool called
// "constructor", "__proto__" or "toString" (names JS objects inherit) is counted like any other, as a number.
const work = mkdtempSync(join(tmpdir(), 'carb-fp-tools-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const RENAMED: Record<string, string> = { check_weather: 'constructor', set_reminder: '__proto__', lookup_office_hours: 'toString' };

/** ces-near-miss with three tools renamed, `copies` times over (ids made unique). */
function renamedCorpus(copies: number): { file: string; want: Map<string, number> } {
  let text = readFileSync(join(ROOT, 'corpora/ces-near-miss.jsonl'), 'utf8');
  for (const [from, to] of Object.entries(RENAMED)) text = text.replaceAll(`"tool":"${from}"`, `"tool":"${to}"`);
  const lines = text.trim().split('\n');
  const all = Array.from({ length: copies }, (_, k) => lines.map((l) => (k === 0 ? l : l.replaceAll('"ces-', `"c${k}-`)))).flat();
  const file = join(work, `renamed-${copies}.jsonl`);
  writeFileSync(file, `${all.join('\n')}\n`);
  // counted here from the file, independently of carb
  const want = new Map<string, number>();
  for (const line of all)
    for (const s of (JSON.parse(line) as { steps: Array<{ tool: string }> }).steps) want.set(s.tool, (want.get(s.tool) ?? 0) + 1);
  return { file, want };
}

async function fingerprintTools(file: string, workers: number): Promise<Array<[string, unknown]>> {
  const out = join(work, `cal-${workers}`);
  const args = ['calibrate', file, '--methods', 'g-carb', '--alphas', '.1', '--splits', '2', '--no-frontier', '--workers', String(workers)];
  const run = await runCli([...args, '--out', out]);
  expect(run.code, run.err).toBe(0);
  return Object.entries((JSON.parse(readFileSync(join(out, 'fingerprint.json'), 'utf8')) as { tools: Record<string, unknown> }).tools);
}

describe('fingerprint.json tools', () => {
  it('counts calls to tools named like Object.prototype members, decoded on the reading thread', async () => {
    const { file, want } = renamedCorpus(1);
    expect([want.get('constructor'), want.get('__proto__'), want.get('toString')]).toEqual([232, 80, 232]);
    expect((await fingerprintTools(file, 1)).sort()).toEqual([...want].sort());
  }, 120_000);

  it('and decoded in replay threads (5,120 episodes, two workers: the counts cross a structured clone)', async () => {
    const { file, want } = renamedCorpus(16);
    expect(want.get('__proto__')).toBe(16 * 80);
    expect((await fingerprintTools(file, 2)).sort()).toEqual([...want].sort());
  }, 120_000);
});
