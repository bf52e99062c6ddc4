import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeBreakpointArrow, replayFused } from '@carb/replay';
import { DEFAULT_PARAMS, generateGraphBraid, writeSuite } from '@carb/suites';
import { suitePerturbationFor } from '@carb/jobs';
import { noiseText } from '@carb/jobs';
import { runCli } from '../packages/cli/test/runCli.ts';
import { allSelectors } from './helpers/fusedReference.ts';
import { defaultPipeline } from './helpers/replayCorpora.ts';

// A suite's declared edge dropout (its .meta.json) reaches `carb replay` and `carb calibrate`
// the way its score noise does, and is pinned with the corpus it perturbs.

const work = mkdtempSync(join(tmpdir(), 'carb-edge-dropout-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const dropped = generateGraphBraid(0, { ...DEFAULT_PARAMS, trajectories: 300, edgeDropout: 0.1 });
const corpus = join(work, 'braid-drop.jsonl');
writeSuite(dropped, corpus);
const plainCorpus = join(work, 'braid.jsonl');
writeSuite(generateGraphBraid(0, { ...DEFAULT_PARAMS, trajectories: 20 }), plainCorpus);

describe('suite perturbations on the command line', () => {
  it('the .meta.json beside a corpus declares edge dropout alone, or nothing', () => {
    expect(suitePerturbationFor([corpus])).toEqual({ noiseSeed: 0, params: { ...DEFAULT_PARAMS, trajectories: 300, edgeDropout: 0.1 } });
    expect(suitePerturbationFor([plainCorpus])).toBeNull();
    const broken = join(work, 'broken.jsonl');
    writeFileSync(broken, '');
    writeFileSync(join(work, 'broken.meta.json'), '{"params": ');
    expect(() => suitePerturbationFor([broken])).toThrow(
      /^.*broken\.meta\.json: expected the suite's JSON metadata, found unreadable JSON/,
    );
    writeFileSync(join(work, 'broken.meta.json'), JSON.stringify({ noiseSeed: 0, params: { ...DEFAULT_PARAMS, edgeDropout: 1.5 } }));
    expect(() => suitePerturbationFor([broken])).toThrow(
      /broken\.meta\.json: params\.edgeDropout: expected a probability in \[0, 1\], found 1\.5$/,
    );
    writeFileSync(join(work, 'broken.meta.json'), JSON.stringify({ params: { ...DEFAULT_PARAMS, edgeDropout: 0.2 } }));
    expect(() => suitePerturbationFor([broken])).toThrow(/broken\.meta\.json: noiseSeed: expected a number/);
  });

  it('pins score noise as it always has (σ@seed), and edge dropout beside it', () => {
    const p = (scoreNoise: number, edgeDropout: number) => ({ noiseSeed: 17, params: { ...DEFAULT_PARAMS, scoreNoise, edgeDropout } });
    expect(noiseText(p(0.2, 0))).toBe('0.2@17');
    expect(noiseText(p(0, 0.1))).toBe('edgeDropout=0.1@17');
    expect(noiseText(p(0.2, 0.1))).toBe('0.2+edgeDropout=0.1@17');
    expect(noiseText(p(0, 0))).toBeNull();
    expect(noiseText(null)).toBeNull();
  });

  it("carb replay applies it and records it in the tables' provenance", async () => {
    const out = join(work, 'replay.arrow');
    const r = await runCli(['replay', corpus, '--selector', 'all', '--out', out, '--workers', '1']);
    expect(r.code, r.err).toBe(0);
    const { tables, provenance } = decodeBreakpointArrow(readFileSync(out), out);
    expect(provenance?.noise).toBe('edgeDropout=0.1@0');
    const pipeline = defaultPipeline();
    const expected = replayFused(dropped.episodes, pipeline, allSelectors(pipeline), { noise: dropped.meta });
    const unperturbed = replayFused(dropped.episodes, pipeline, allSelectors(pipeline));
    for (const t of expected) {
      const got = tables.find((x) => x.method === t.method)!;
      expect(Array.from(got.contextSize)).toEqual(Array.from(t.contextSize));
      expect(Array.from(got.executesFrom)).toEqual(Array.from(t.executesFrom));
    }
    const graph = (ts: typeof tables) => Array.from(ts.find((x) => x.method === 'graph')!.contextSize);
    expect(graph(tables)).not.toEqual(graph(unperturbed));
  }, 120_000);

  it('carb calibrate pins it in the corpus digest of the manifest', async () => {
    const out = join(work, 'report');
    const r = await runCli([
      'calibrate',
      corpus,
      '--no-frontier',
      '--splits',
      '2',
      '--methods',
      'no-guard,g-carb',
      '--cal',
      '100',
      '--test',
      '100',
      '--out',
      out,
      '--workers',
      '1',
    ]);
    expect(r.code, r.err).toBe(0);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { corpus: { digest: string } };
    expect(manifest.corpus.digest).toMatch(/^[0-9a-f]{64}\+noise:edgeDropout=0\.1@0$/);
  }, 120_000);
});
