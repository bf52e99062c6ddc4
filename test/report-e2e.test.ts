import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METHOD_ORDER, parseBudget } from '@carb/calibrate';
import { loadPipeline } from '@carb/pipeline';
import { fmtMetric, parseMarkdownTable, writeReport, type ReportInput } from '@carb/report';
import { labelsFor, runCalibrationJob } from '@carb/jobs';
import { loadEpisodes } from '@carb/jobs';
import { ROOT } from './helpers/shared.ts';

// The report of the bundled CES near-miss suite (5 splits, α = .05, .10), checked against figures derived here
// from the corpus's labels, from splits.csv and from the construction (corpora/README.md), never against summary.json.
const tmp = mkdtempSync(join(tmpdir(), 'carb-report-e2e-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const CORPUS = join(ROOT, 'corpora/ces-near-miss.jsonl');
const SPLITS = 5;
const ALPHAS = ['.05', '.10'];

interface Label {
  id: string;
  pair: string;
  kind: string;
  harmful: boolean;
}
type CsvRow = Record<string, string>;

function readCsv(file: string): CsvRow[] {
  const [head, ...lines] = readFileSync(file, 'utf8').trimEnd().split('\n');
  const keys = head!.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [keys[i]!, v])));
}

describe('report of the bundled CES near-miss suite', () => {
  const labels = readFileSync(CORPUS.replace(/\.jsonl$/, '.labels.jsonl'), 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Label);
  const dir = join(tmp, 'a');
  let input: ReportInput;
  let csv: CsvRow[];
  let summary: Array<Record<string, number | string | null>>;
  const cells = (method: string, alpha: string) => csv.filter((r) => r.method === method && r.alphaText === alpha);
  const mean = (rows: CsvRow[], key: string) => rows.reduce((s, r) => s + Number(r[key]), 0) / rows.length;

  beforeAll(async () => {
    const episodes = loadEpisodes([CORPUS], { format: 'jsonl' });
    const { report } = await runCalibrationJob({
      title: 'CES near-miss',
      episodes,
      labels: labelsFor([CORPUS]),
      pipeline: loadPipeline(join(ROOT, 'configs/pipelines/default.json')),
      methods: [...METHOD_ORDER],
      alphas: ALPHAS.map(parseBudget),
      frontier: false,
      splits: SPLITS,
      dataset: 'ces-near-miss',
      splitRng: 'python',
      baseSeed: 0,
      argv: ['calibrate', CORPUS, '--splits', String(SPLITS)],
      quiet: true,
    });
    input = report;
    await writeReport(dir, input);
    csv = readCsv(join(dir, 'splits.csv'));
    summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as typeof summary;
  }, 120_000);

  it('the labels say 80 of 320 episodes are harmful, exactly one leak in each 4-member family', () => {
    expect(labels).toHaveLength(320);
    expect(labels.filter((l) => l.harmful)).toHaveLength(80);
    const families = new Map<string, Label[]>();
    for (const l of labels) families.set(l.pair, [...(families.get(l.pair) ?? []), l]);
    expect(families.size).toBe(80);
    for (const members of families.values()) expect(members.filter((m) => m.harmful).map((m) => m.kind)).toEqual(['leak']);
    expect((JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { corpus: { episodes: number } }).corpus.episodes).toBe(
      labels.length,
    );
  });

  it('splits.csv has one row per method × α × split', () => {
    expect(csv).toHaveLength(METHOD_ORDER.length * ALPHAS.length * SPLITS);
    for (const m of METHOD_ORDER) for (const a of ALPHAS) expect(cells(m, a).map((r) => Number(r.split))).toEqual([0, 1, 2, 3, 4]);
  });

  it('no guard: every test fold (whole families) has loss 1/4 = one leak per family of four, and utility 1', () => {
    for (const a of ALPHAS) {
      expect(cells('no-guard', a).map((r) => Number(r.loss))).toEqual(Array(SPLITS).fill(0.25));
      expect(cells('no-guard', a).map((r) => Number(r.utility))).toEqual(Array(SPLITS).fill(1));
    }
  });

  it("context reduction per split is the construction's: 1 − 205/339 (G-CARB), 1 − 50/339 (ledger-current), 1 − 176/339 (window 4)", () => {
    // corpora/README.md: per family the stopped prefixes' full context is 339, the selected 205 / 50 / 176 (24 families per fold)
    for (const [method, selected] of [
      ['g-carb', 205],
      ['ledger-current', 50],
      ['fixed-window-4', 176],
    ] as const) {
      for (const r of cells(method, '.10')) {
        expect(Number(r.ctxFull), method).toBe(339 * 24);
        expect(Number(r.ctxSelected), method).toBe(selected * 24);
      }
    }
  });

  it('summary.json cells are the means over splits.csv (recomputed here)', () => {
    for (const m of METHOD_ORDER) {
      for (const a of ALPHAS) {
        const row = summary.find((r) => r.method === m && Math.abs(Number(r.alpha) - Number(a)) < 1e-12)!;
        for (const k of ['loss', 'intervention', 'utility', 'stepRate'] as const) {
          const key = k === 'loss' ? 'meanLoss' : k;
          expect(Number(row[key]), `${m} ${a} ${key}`).toBeCloseTo(mean(cells(m, a), k), 6);
        }
        expect(row.splits).toBe(SPLITS);
      }
    }
  });

  it("Table 4 prints the recomputed means (and no guard's loss .250)", () => {
    const md = readFileSync(join(dir, 'tables.md'), 'utf8');
    const t4 = parseMarkdownTable(md.slice(md.indexOf('## Table 4'), md.indexOf('## Table 5')));
    expect(t4.rows.map((r) => r[1])).toEqual(['.050', '.100', 'no guard']);
    expect(t4.rows[2]![3]).toBe('.250');
    const g = cells('g-carb', '.05');
    expect(t4.rows[0]!.slice(10)).toEqual([mean(g, 'loss'), mean(g, 'intervention'), mean(g, 'utility')].map(fmtMetric));
    const e = cells('executed-step-crc', '.10');
    expect(t4.rows[1]!.slice(2, 4)).toEqual([mean(e, 'stepRate'), mean(e, 'loss')].map(fmtMetric));
  });

  it('the manifest hashes every file, and a second write is byte-identical', async () => {
    const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { outputs: Record<string, string> };
    expect(Object.keys(m.outputs).sort()).toEqual(
      readdirSync(dir)
        .filter((f) => f !== 'manifest.json')
        .sort(),
    );
    for (const [f, h] of Object.entries(m.outputs)) expect(sha(readFileSync(join(dir, f))), f).toBe(h);
    const again = join(tmp, 'b');
    await writeReport(again, input);
    for (const f of readdirSync(dir)) expect(sha(readFileSync(join(again, f))), f).toBe(sha(readFileSync(join(dir, f))));
  });
});
