import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../packages/cli/test/runCli.ts';
import { ROOT } from './helpers/shared.ts';

const work = mkdtempSync(join(tmpdir(), 'carb-suite-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('carb suite graph-braid streams to disk', () => {
  it('writes the bundled corpus byte for byte at the default seed (corpora/README.md), and only complete files', async () => {
    const r = await runCli(['suite', 'graph-braid', '--out', join(work, 'graph-braid.jsonl')]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('graph-braid: 2000 episodes, 817 harmful (share 0.408), seed 0');
    for (const f of ['graph-braid.jsonl', 'graph-braid.labels.jsonl', 'graph-braid.meta.json']) {
      expect(readFileSync(join(work, f)).equals(readFileSync(join(ROOT, 'corpora', f))), f).toBe(true);
    }
    expect(readdirSync(work).filter((f) => f.includes('.tmp'))).toEqual([]);
  }, 60_000);

  it('--size N is --param trajectories=N; both together is a usage error', async () => {
    expect((await runCli(['suite', 'graph-braid', '--size', '30', '--out', join(work, 'a.jsonl')])).code).toBe(0);
    expect((await runCli(['suite', 'graph-braid', '--param', 'trajectories=30', '--out', join(work, 'b.jsonl')])).code).toBe(0);
    expect(readFileSync(join(work, 'a.jsonl')).equals(readFileSync(join(work, 'b.jsonl')))).toBe(true);
    expect(readFileSync(join(work, 'a.jsonl'), 'utf8').split('\n').filter(Boolean).length).toBe(30);
    const both = await runCli(['suite', 'graph-braid', '--size', '30', '--param', 'trajectories=30', '--out', join(work, 'c.jsonl')]);
    expect(both.code).toBe(2);
    expect(both.errLines).toEqual(['carb: --size: expected either --size or --param trajectories=…, found both']);
  }, 120_000);
});
