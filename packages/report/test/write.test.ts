import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableFromIPC } from 'apache-arrow';
import type { SplitResult, SummaryRow } from '@carb/calibrate';
import {
  SUMMARY_KEYS,
  makeManifest,
  startPlotRenders,
  svgToPng,
  writeReport,
  writeReportSections,
  type ReportInput,
  type WrittenReport,
} from '../src/index.ts';
import { diff, pipelineFixture, row } from './rows.ts';

const tmp = mkdtempSync(join(tmpdir(), 'carb-report-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

function split(method: string, alpha: number, k: number, extra: Partial<SplitResult> = {}): SplitResult {
  return {
    method,
    alpha,
    alphaText: String(alpha).replace(/^0\./, '.'),
    split: k,
    lambdaIndex: 45,
    lambdaHat: 0.44,
    loss: 0.03 + k / 1000,
    intervention: 0.5,
    utility: 0.17,
    stepRate: 0.01,
    ctxSelected: 10 + k,
    ctxFull: 20,
    harmStop: null,
    benignStop: null,
    ...extra,
  };
}

function input(title = 'Qwen2.5'): ReportInput {
  const summary: SummaryRow[] = [
    row('no-guard', 0.05, { meanLoss: 0.133, utility: 0.436, stepRate: 0.031 }),
    row('executed-step-crc', 0.05, { meanLoss: 0.133, stepRate: 0.027, lambdaMedian: 0.99 }),
    row('full-prefix', 0.05, {
      meanLoss: 0.044,
      intervention: 0.68,
      utility: 0.065,
      lambdaMin: 0.58,
      lambdaMedian: 0.84,
      lambdaMax: 0.98,
      ctxRed: 0,
    }),
    // an extra key must not reach summary.json; 1/3 is rounded to 6 decimals
    {
      ...row('g-carb', 0.05, {
        meanLoss: 1 / 3,
        intervention: 0.516,
        utility: 0.167,
        ctxRed: 0.565,
        lambdaMin: 0.44,
        lambdaMedian: 0.58,
        lambdaMax: 0.72,
      }),
      extra: 1,
    } as SummaryRow,
  ];
  const splitResults = [
    split('g-carb', 0.05, 0),
    split('g-carb', 0.05, 1, { lambdaIndex: -1, lambdaHat: null, harmStop: 1 }),
    split('full-prefix', 0.05, 0),
  ];
  const pipeline = pipelineFixture();
  const manifest = makeManifest(
    pipeline,
    { splitProtocol: pipeline.splits, corpusDigest: 'ab'.repeat(32), carbVersion: '0.1.0' },
    { episodes: 984, source: 'runs/qwen2.5' },
    ['calibrate', 'runs/qwen2.5', '--out', 'out'],
  );
  return {
    title,
    summary,
    splitResults,
    paired: [diff(0.05, [-0.009, -0.016, 0.004, -0.163, -0.28, -0.102, 0.102, 0.063, 0.171])],
    manifest,
  };
}

describe('writeReport', () => {
  const dir = join(tmp, 'one');
  let written: WrittenReport;
  beforeAll(async () => {
    written = await writeReport(dir, input());
  });

  it('writes every output, and a manifest hashing each of them', () => {
    expect(readdirSync(dir).sort()).toEqual([
      '.carb-output.json',
      'frontier.png',
      'frontier.svg',
      'index.html',
      'manifest.json',
      'paired.json',
      'splits.arrow',
      'splits.csv',
      'summary.json',
      'tables.md',
    ]);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
      pipelineHash: string;
      components: Record<string, string>;
      corpus: unknown;
      outputs: Record<string, string>;
    };
    expect(Object.keys(manifest)).toEqual(['carbVersion', 'pipelineHash', 'components', 'corpus', 'command', 'outputs']);
    expect(manifest.pipelineHash).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(manifest.components)).toEqual([
      'ledger',
      'toolTyping',
      'graph',
      'selector',
      'scorer',
      'sanitizer',
      'grid',
      'splits',
      'corpus',
      'version',
    ]);
    expect(manifest.corpus).toEqual({ episodes: 984, source: 'runs/qwen2.5', digest: 'ab'.repeat(32) });
    expect(Object.keys(manifest.outputs).sort()).toEqual(
      readdirSync(dir)
        .filter((f) => f !== 'manifest.json')
        .sort(),
    );
    for (const [f, h] of Object.entries(manifest.outputs)) expect(sha(readFileSync(join(dir, f)))).toBe(h);
    expect(written.outputs).toEqual(manifest.outputs);
    expect(written.manifestHash).toBe(sha(readFileSync(join(dir, 'manifest.json'))));
  });

  it('writes summary.json with exactly the SummaryRow keys, in order, rounded', () => {
    const rows = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(4);
    for (const r of rows) expect(Object.keys(r)).toEqual([...SUMMARY_KEYS]);
    expect(rows[3]!.meanLoss).toBe(0.333333);
    expect(rows[0]!.lambdaMin).toBeNull();
  });

  it('writes the per-split results as Arrow and CSV', () => {
    const t = tableFromIPC(readFileSync(join(dir, 'splits.arrow')));
    expect(t.numRows).toBe(3);
    expect(t.schema.fields.map((f) => f.name)).toEqual([
      'stratum',
      'guarantee',
      'method',
      'alpha',
      'alphaText',
      'split',
      'lambdaHat',
      'lambdaIndex',
      'loss',
      'intervention',
      'utility',
      'stepRate',
      'ctxSelected',
      'ctxFull',
      'harmStop',
      'benignStop',
    ]);
    const second = t.get(1)!.toJSON();
    // a run without strata or high-probability rows: pooled, in expectation (as summary.json)
    expect(second).toMatchObject({
      stratum: 'all',
      guarantee: 'expectation',
      method: 'g-carb',
      alphaText: '.05',
      split: 1,
      lambdaHat: null,
      lambdaIndex: -1,
      loss: 0.031,
      ctxSelected: 11,
      harmStop: 1,
      benignStop: null,
    });
    const csv = readFileSync(join(dir, 'splits.csv'), 'utf8').split('\n');
    expect(csv[0]).toBe(
      'stratum,guarantee,method,alpha,alphaText,split,lambdaHat,lambdaIndex,loss,intervention,utility,stepRate,ctxSelected,ctxFull,harmStop,benignStop',
    );
    expect(csv[2]).toBe('all,expectation,g-carb,0.05,.05,1,,-1,0.031,0.5,0.17,0.01,11,20,1,');
    expect(csv).toHaveLength(5); // header, 3 rows, trailing newline
  });

  it('renders tables.md and an index.html with the inline SVG and HTML tables', () => {
    const md = readFileSync(join(dir, 'tables.md'), 'utf8');
    // no deploy rows or corpus stats in this input: the page opens with the definitions, then the paper's tables
    expect(md.startsWith('# Qwen2.5\n\n## Definitions\n\n| Metric | Meaning |')).toBe(true);
    expect(md).toContain('\n## Table 4 — selected operating points\n\n| Backbone | α |');
    expect(md).not.toContain('## Deploy');
    expect(md).toContain('| Qwen2.5 | .050 | .027 | .133 | .044 | .680 | .065 | – | – | – | .333 | .516 | .167 |');
    expect(md).toContain('## Table 6 — paired differences, G-CARB − Full-prefix');
    expect(md).toContain('| Qwen2.5 | .050 | -.009 | -.163 | +.102 |');
    expect(md).not.toContain('Table 8'); // no harm-stop metrics in this run
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    expect(html).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
    expect(html).toContain('<td class="num">.680</td>');
    expect(html).toContain('<h2>Table 5 — selected thresholds and feasibility</h2>');
    for (const f of ['summary.json', 'splits.arrow', 'splits.csv', 'tables.md', 'frontier.svg', 'frontier.png', 'manifest.json'])
      expect(html).toContain(`href="${f}"`);
    expect(html).not.toMatch(/20\d\d-\d\d-\d\d/); // no timestamp
  });

  it('is byte-identical when rerun', async () => {
    const again = join(tmp, 'again');
    await writeReport(again, input());
    for (const f of readdirSync(dir)) expect(sha(readFileSync(join(again, f))), f).toBe(sha(readFileSync(join(dir, f))));
  });

  it('writes the same bytes with its PNG rendered ahead (startPlotRenders), and that PNG is the SVG rasterised here', async () => {
    const ahead = join(tmp, 'ahead');
    startPlotRenders(input());
    await writeReport(ahead, input());
    for (const f of readdirSync(dir)) expect(sha(readFileSync(join(ahead, f))), f).toBe(sha(readFileSync(join(dir, f))));
    expect(sha(readFileSync(join(ahead, 'frontier.png')))).toBe(sha(svgToPng(readFileSync(join(ahead, 'frontier.svg'), 'utf8'))));
  });

  it('leaves the report it would replace as it was when a PNG fails to render after the other files were staged', async () => {
    const kept = join(tmp, 'kept');
    await writeReport(kept, input());
    const before = new Map(readdirSync(kept).map((f) => [f, sha(readFileSync(join(kept, f)))]));
    await expect(writeReport(kept, { ...input(), plots: [{ name: 'frontier', svg: '<svg not closed' }] })).rejects.toThrow();
    expect(new Map(readdirSync(kept).map((f) => [f, sha(readFileSync(join(kept, f)))]))).toEqual(before);
    expect(readdirSync(tmp).filter((f) => f.includes('staging') || f.includes('carb-lock'))).toEqual([]);
  });
});

describe('writeReportSections', () => {
  it('writes one directory per corpus, a top index and a manifest over every file', async () => {
    const dir = join(tmp, 'multi');
    const a = input('CES clean');
    const b = input('Graph-braid');
    await writeReportSections(dir, {
      title: 'carb main job',
      sections: [
        { slug: 'ces-clean', input: a },
        { slug: 'graph-braid', input: b },
      ],
      tables: { 'Table 8': '| Cohort | Method |\n|:---|:---|\n| CES clean: 80/80 | No guard |\n' },
      command: { carbVersion: '0.1.0', argv: ['main'] },
    });
    expect(readdirSync(dir).sort()).toEqual(['.carb-output.json', 'ces-clean', 'graph-braid', 'index.html', 'manifest.json', 'tables.md']);
    const top = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { sections: unknown; outputs: Record<string, string> };
    expect(top.sections).toEqual({ 'ces-clean': a.manifest!.pipelineHash, 'graph-braid': b.manifest!.pipelineHash });
    // each section: 9 files and its marker; the top: index.html, tables.md and its marker (the manifest lists all but itself)
    expect(Object.keys(top.outputs)).toHaveLength(2 * 10 + 3);
    for (const [f, h] of Object.entries(top.outputs)) expect(sha(readFileSync(join(dir, f))), f).toBe(h);
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    expect(html).toContain('<a href="ces-clean/index.html">CES clean</a>');
    expect(html).toContain('<img src="graph-braid/frontier.svg"');
    expect(html).toContain('<td>CES clean: 80/80</td>');
    await expect(writeReportSections(join(tmp, 'bad'), { title: 't', sections: [{ slug: '../x', input: a }] })).rejects.toThrow(
      /section "\.\.\/x"/,
    );
  });
});
