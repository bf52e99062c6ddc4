import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { main } from '../packages/cli/src/main.ts';
import { eligibleForCalibration, readCorpus, type Episode } from '@carb/episodes';
import { defaultPipelinePath, loadPipeline } from '@carb/pipeline';
import { ledgerTraces } from '@carb/replay';
import { AGENTDOJO_RUNS, ROOT, describeShared } from './helpers/shared.ts';

// The AgentDojo runs bundled for the main job (corpora/README.md "Real logs"), checked against the
// shared copy of the published runs and against the figures of its README, not against itself.
const MODEL = 'gpt-4o-2024-05-13';
const FILE = join(ROOT, 'corpora', `agentdojo-${MODEL}.jsonl.gz`);
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

let bundledCache: Episode[] | null = null;
function bundled(): Episode[] {
  if (!bundledCache) {
    const { episodes, problems } = readCorpus([FILE], { format: 'auto' });
    expect(problems).toEqual([]);
    bundledCache = episodes;
  }
  return bundledCache;
}

/** *.json files under a directory (the upstream layout: one file per episode). */
function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? jsonFiles(p) : f.endsWith('.json') ? [p] : [];
  });
}

/** Episodes with a union-ledger event when nothing stops them (the no-guard loss numerator). */
function harmed(episodes: readonly Episode[]): number {
  return ledgerTraces(episodes, loadPipeline(defaultPipelinePath())).filter((t) => Object.values(t.firstStep).some((s) => s >= 0)).length;
}

describe(`bundled AgentDojo corpus (${MODEL})`, () => {
  it('is a gzip-compressed carb JSONL corpus whose integrity header checks: 753 episodes, all eligible', () => {
    const raw = readFileSync(FILE);
    expect([raw[0], raw[1]]).toEqual([0x1f, 0x8b]); // gzip magic
    expect(bundled()).toHaveLength(753);
    expect(bundled().every((e) => eligibleForCalibration(e))).toBe(true);
  });

  it('matches the shared runs README: 629 attacked + 124 unattacked; attack success 300/629; utility under attack 50.1%', () => {
    const attacked = bundled().filter((e) => e.source.attack === 'important_instructions');
    expect(attacked).toHaveLength(629);
    expect(bundled().filter((e) => e.source.attack === null)).toHaveLength(124);
    const bench = (e: Episode) => e.benchmark as { security?: boolean; utility?: boolean };
    expect(attacked.filter((e) => bench(e).security === true)).toHaveLength(300);
    expect((attacked.filter((e) => bench(e).utility === true).length / 629).toFixed(3)).toBe('0.501');
  });

  it('sits beside its MIT licence and a provenance note naming its sha256 and episode count', () => {
    expect(readFileSync(join(ROOT, 'corpora', `agentdojo-${MODEL}.LICENSE`), 'utf8')).toMatch(
      /^MIT License\n\nCopyright \(c\) 2024 Edoardo Debenedetti/,
    );
    const readme = readFileSync(join(ROOT, 'corpora/README.md'), 'utf8');
    expect(readme).toContain(sha(readFileSync(FILE)));
    expect(readme).toContain('96046ab54a99f5e5ec86b920ea9a2d8ae24ea6d8');
  });

  it('is what `carb ingest --out <f>.jsonl.gz` writes: re-ingesting it gives the same bytes, and .jsonl its inflated text', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'carb-bundled-'));
    try {
      vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
      vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
      expect(await main(['ingest', FILE, '--out', join(tmp, 'again.jsonl.gz')])).toBe(0);
      expect(await main(['ingest', FILE, '--out', join(tmp, 'plain.jsonl')])).toBe(0);
      vi.restoreAllMocks();
      expect(sha(readFileSync(join(tmp, 'again.jsonl.gz')))).toBe(sha(readFileSync(FILE)));
      expect(readFileSync(join(tmp, 'plain.jsonl')).equals(gunzipSync(readFileSync(FILE)))).toBe(true);
      // nothing else left beside the output (temporary files are removed)
      expect(readdirSync(tmp).sort()).toEqual(['again.jsonl.gz', 'plain.jsonl']);
    } finally {
      vi.restoreAllMocks();
      rmSync(tmp, { recursive: true, force: true });
    }
  }, 60_000);

  it('is a section of the main job, read as JSONL', () => {
    const job = JSON.parse(readFileSync(join(ROOT, 'configs/jobs/default.json'), 'utf8')) as {
      sections: Array<{ corpus: string; dataset: string; methods?: string[] }>;
    };
    const s = job.sections.find((x) => x.corpus === `corpora/agentdojo-${MODEL}.jsonl.gz`)!;
    expect(s.dataset).toBe('agentdojo');
    expect(s.methods).toContain('executed-step-crc'); // Table 4 needs it
  });
});

describeShared(`bundled AgentDojo corpus = the shared runs of ${MODEL}`, () => {
  const dir = join(AGENTDOJO_RUNS, MODEL);
  let sharedCache: Episode[] | null = null;
  const shared = () => (sharedCache ??= readCorpus([dir], { format: 'auto' }).episodes);

  it('has one episode per published file, suite by suite', () => {
    const suites = readdirSync(dir).sort();
    expect(suites).toEqual(['banking', 'slack', 'travel', 'workspace']);
    for (const suite of suites) {
      expect(bundled().filter((e) => e.source.suite === suite).length, suite).toBe(jsonFiles(join(dir, suite)).length);
    }
  });

  it('holds every shared episode unchanged (source.file is the upstream path runs/…)', () => {
    const byId = new Map(bundled().map((e) => [e.id, e]));
    expect(byId.size).toBe(shared().length);
    for (const e of shared()) {
      const b = byId.get(e.id);
      expect(b, e.id).toBeDefined();
      const file = e.source.file ?? '';
      expect(b!.source.file).toBe(file.slice(file.indexOf(`runs/${MODEL}/`)));
      expect({ ...b!, source: { ...b!.source, file: '' } }).toEqual({ ...e, source: { ...e.source, file: '' } });
    }
  });

  it('has the same no-guard loss as the shared runs', () => {
    const n = harmed(shared());
    expect(harmed(bundled())).toBe(n);
    // the main job's no-guard held-out loss is this share, up to the split protocol
    expect(n / 753).toBeGreaterThan(0.4);
    expect(n / 753).toBeLessThan(0.47);
  }, 120_000);
});
