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

// an empty corpus beside a .meta.json each check writes: what suitePerturbationFor makes of it
const brokenCorpus = join(work, 'broken.jsonl');
writeFileSync(brokenCorpus, '');
const metaFile = join(work, 'broken.meta.json');
/** The metadata carb suite writes (configs/schema/suite-meta.schema.json), values by hand. */
const SUITE_META = {
  suite: 'graph-braid',
  cohort: null,
  seed: 0,
  params: DEFAULT_PARAMS,
  noiseSeed: 0,
  episodes: 2,
  harmful: 1,
  harmfulShare: 0.5,
};
/** suitePerturbationFor of the empty corpus with `meta` beside it, to call. */
function perturbationOf(meta: unknown): () => unknown {
  writeFileSync(metaFile, JSON.stringify(meta));
  return () => suitePerturbationFor([brokenCorpus]);
}

describe('suite perturbations on the command line', () => {
  it('the .meta.json beside a corpus declares edge dropout alone, or nothing', () => {
    expect(suitePerturbationFor([corpus])).toEqual({ noiseSeed: 0, params: { ...DEFAULT_PARAMS, trajectories: 300, edgeDropout: 0.1 } });
    expect(suitePerturbationFor([plainCorpus])).toBeNull();
    writeFileSync(metaFile, '{"params": ');
    expect(() => suitePerturbationFor([brokenCorpus])).toThrow(
      /^.*broken\.meta\.json: expected the suite's JSON metadata, found unreadable JSON/,
    );
    // checked against configs/schema/suite-meta.schema.json: one line naming the file, the key and what was expected
    expect(perturbationOf({ ...SUITE_META, params: { ...DEFAULT_PARAMS, edgeDropout: 1.5 } })).toThrow(
      new Error(`${metaFile}: /params/edgeDropout: expected a probability in [0, 1], found number 1.5`),
    );
    const { noiseSeed: _seed, ...withoutSeed } = SUITE_META;
    expect(perturbationOf({ ...withoutSeed, params: { ...DEFAULT_PARAMS, edgeDropout: 0.2 } })).toThrow(
      new Error(`${metaFile}: /noiseSeed: expected the seed of the score noise and edge dropout streams (an integer), found nothing`),
    );
  });

  it('reads a perturbation the parameters leave out as zero, not as an absent σ', () => {
    // params without scoreNoise (the schema does not require it): edge dropout alone (an absent σ was NaN noise on every score)
    expect(perturbationOf({ ...SUITE_META, noiseSeed: 7, params: { trajectories: 20, edgeDropout: 0.2 } })()).toEqual({
      noiseSeed: 7,
      params: { trajectories: 20, edgeDropout: 0.2, scoreNoise: 0 },
    });
  });

  it('refuses a .meta.json that is not the metadata carb suite writes, one line, never read as "no perturbation"', () => {
    // JSON null: no metadata at all (was a TypeError reading .params)
    expect(perturbationOf(null)).toThrow(
      new Error(`${metaFile}: expected the metadata carb suite writes beside a generated corpus (an object), found null`),
    );
    // params not an object: its perturbations cannot be read (was taken as none declared)
    expect(perturbationOf({ ...SUITE_META, params: 'edgeDropout=0.2' })).toThrow(
      new Error(`${metaFile}: /params: expected the generator parameters (an object), found string "edgeDropout=0.2"`),
    );
    // a seed that is not an integer: the noise streams are seeded by integers (was used as is)
    expect(perturbationOf({ ...SUITE_META, params: { ...DEFAULT_PARAMS, scoreNoise: 0.2 }, noiseSeed: 1.5 })).toThrow(
      new Error(`${metaFile}: /noiseSeed: expected the seed of the score noise and edge dropout streams (an integer), found number 1.5`),
    );
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
