import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeployRow, SummaryRow } from '@carb/calibrate';
import {
  SUMMARY_KEYS,
  deployMarkdown,
  guaranteeSentence,
  makeManifest,
  parseMarkdownTable,
  summaryJson,
  writeReport,
  type ReportInput,
} from '../src/index.ts';
import { pipelineFixture, row } from './rows.ts';

const tmp = mkdtempSync(join(tmpdir(), 'carb-deploy-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const HASH = 'c0ffee'.repeat(10) + 'abcd';
const dep = (method: DeployRow['method'], alpha: number, lambda: number | null, extra: Partial<DeployRow> = {}): DeployRow => ({
  stratum: 'all',
  method,
  alpha,
  n: 984,
  lambda,
  lambdaIndex: lambda === null ? -1 : Math.round(lambda * 100) + 1,
  guarantee: 'expectation',
  delta: null,
  pipelineHash: HASH,
  ...extra,
});

// hand-made figures (not from any run): what the Deploy section must show for them
const summary: SummaryRow[] = [
  row('no-guard', 0.05, { meanLoss: 0.133, lossP5: 0.11, lossP95: 0.16, utility: 0.436, utilityP5: 0.41, utilityP95: 0.46 }),
  row('g-carb', 0.05, {
    meanLoss: 0.035,
    lossP5: 0.02,
    lossP95: 0.051,
    intervention: 0.516,
    interventionP5: 0.44,
    interventionP95: 0.6,
    utility: 0.167,
    utilityP5: 0.13,
    utilityP95: 0.2,
    lambdaMedian: 0.58,
  }),
  row('g-carb', 0.1, {
    meanLoss: 0.077,
    lossP5: 0.06,
    lossP95: 0.094,
    intervention: 0.351,
    interventionP5: 0.3,
    interventionP95: 0.4,
    utility: 0.25,
    utilityP5: 0.22,
    utilityP95: 0.28,
    lambdaMedian: 0.99,
  }),
  // Full-prefix at a threshold just below 1 that still stops every episode (the graph-braid pattern)
  row('full-prefix', 0.1, { meanLoss: 0, intervention: 1, utility: 0, lambdaMin: 0.99, lambdaMedian: 0.99, lambdaMax: 0.99 }),
  {
    ...row('g-carb', 0.05, {
      meanLoss: 0.02,
      lossP5: 0.01,
      lossP95: 0.03,
      intervention: 0.7,
      interventionP5: 0.65,
      interventionP95: 0.75,
      utility: 0.1,
      utilityP5: 0.08,
      utilityP95: 0.12,
    }),
    guarantee: 'high-probability',
    delta: 0.1,
  },
];
const deploy: DeployRow[] = [
  dep('g-carb', 0.05, 0.58),
  dep('g-carb', 0.1, 0.99),
  dep('full-prefix', 0.05, 0.84),
  dep('full-prefix', 0.1, 0.99),
  dep('no-guard', 0.05, 1),
  dep('g-carb', 0.05, 0.44, { guarantee: 'high-probability', delta: 0.1 }),
  dep('g-carb', 0.1, null, { guarantee: 'high-probability', delta: 0.1 }),
];

function input(): ReportInput {
  const pipeline = pipelineFixture();
  const manifest = makeManifest(
    pipeline,
    { splitProtocol: pipeline.splits, corpusDigest: 'ab'.repeat(32), carbVersion: '0.1.0' },
    { episodes: 984 },
    ['calibrate', 'runs', '--out', 'out'],
  );
  return {
    title: 'Qwen2.5',
    summary,
    splitResults: [],
    deploy,
    manifest,
    corpusStats: {
      read: 1000,
      excluded: [
        { reason: 'aborted', count: 12 },
        { reason: 'invalid record', count: 4 },
      ],
      used: 984,
      nCal: 492,
      nTest: 492,
    },
    oddCellReasons: { 'full-prefix': 'Here: the status update scores 1 under the full prefix.' },
  };
}

/** The rows of the first pipe table after `heading` in tables.md. */
function tableAfter(md: string, heading: string): string[][] {
  const rest = md.slice(md.indexOf(heading));
  const lines = rest.split('\n');
  const start = lines.findIndex((l) => l.startsWith('|'));
  const end = lines.findIndex((l, i) => i > start && !l.startsWith('|'));
  return parseMarkdownTable(lines.slice(start, end).join('\n')).rows;
}

describe('Deploy section', () => {
  const dir = join(tmp, 'r');
  let md = '';
  let html = '';
  beforeAll(async () => {
    await writeReport(dir, input());
    md = readFileSync(join(dir, 'tables.md'), 'utf8');
    html = readFileSync(join(dir, 'index.html'), 'utf8');
  }, 60_000);

  it('opens tables.md and index.html', () => {
    expect(
      md.startsWith('# Qwen2.5\n\n## Deploy — the threshold to ship\n\nAt a glance, every stratum side by side (details below):\n'),
    ).toBe(true);
    // two blocks (pooled in expectation, pooled high-probability): the glance table puts their λ̂ side by side
    expect(tableAfter(md, 'At a glance')).toEqual([
      ['all (pooled)', 'CRC, in expectation', '984', '.58', '.99'],
      ['all (pooled)', 'P(risk > α) ≤ δ = .10', '984', '.44', 'infeasible: stop all'],
    ]);
    expect(md).toContain('\n### All episodes (pooled) — CRC, in expectation\n');
    const at = (s: string) => html.indexOf(s);
    expect(at('<h2>Deploy — the threshold to ship</h2>')).toBeGreaterThan(at('<h1>Qwen2.5</h1>'));
    for (const later of ['<h2>Episodes</h2>', '<h2>Definitions</h2>', '<svg', '<h2>Table 5 — selected thresholds and feasibility</h2>']) {
      expect(at(later), later).toBeGreaterThan(at('<h2>Deploy — the threshold to ship</h2>'));
    }
  });

  it('gives per α the G-CARB λ̂ and the held-out loss, intervention and success with p5–p95, against no guard', () => {
    expect(tableAfter(md, '### All episodes (pooled) — CRC, in expectation')).toEqual([
      // .035 − .133 = −.098; .167 − .436 = −.269
      ['.050', '.58', '.035 [.020,.051]', '.516 [.440,.600]', '.167 [.130,.200]', '-.098', '-.269'],
      // .077 − .133 = −.056; .250 − .436 = −.186
      ['.100', '.99', '.077 [.060,.094]', '.351 [.300,.400]', '.250 [.220,.280]', '-.056', '-.186'],
      ['no guard', 'never stops', '.133 [.110,.160]', '.000 [.000,.000]', '.436 [.410,.460]', '+.000', '+.000'],
    ]);
    expect(md).toContain('λ̂ fit on all n = 984 eligible episodes (pipeline c0ffeec0ffee…)');
    expect(md).toContain('over 200 splits of 492 calibration / 492 test episodes');
  });

  it('states the guarantee in one plain sentence per guarantee, with App. I caveats', () => {
    const crc =
      'Guarantee (CRC, Theorem 1): averaged over the draw of the 984 calibration episodes and a new episode, the expected ledger loss of the gate at λ̂ is at most α (a marginal bound) — provided new episodes are exchangeable with the calibration episodes (same agent, tools, tasks and attack mix), for the harms the declared ledger records only, and not for every single episode or deployment batch (App. I).';
    expect(guaranteeSentence('expectation', null, 984)).toBe(crc);
    expect(md).toContain(crc);
    // one sentence: a single full stop, at the end
    expect(crc.replace(/\(App\. I\)\.$/, '').includes('. ')).toBe(false);
    const hp = guaranteeSentence('high-probability', 0.1, 984);
    expect(hp).toContain('with probability at least 1 − .10 over the draw of the 984 calibration episodes');
    expect(hp).toContain('declared ledger');
    expect(md).toContain(hp);
    expect(guaranteeSentence('high-probability', 0.1, 753, 376)).toBe(
      'Guarantee (high-probability, batch of 376): with probability at least 1 − .10 over the draw of the 753 calibration episodes and the next 376, ' +
        'the mean ledger loss of those 376 episodes under the gate at λ̂ is at most α — provided new episodes are exchangeable with the calibration episodes (same agent, tools, tasks and attack mix), ' +
        'for the harms the declared ledger records only, and not for every single episode (App. I).',
    );
  });

  it('shows the high-probability block beside it, an infeasible λ̂ as stop-all, and every method’s λ̂', () => {
    expect(tableAfter(md, '### All episodes (pooled) — high-probability, P(risk > α) ≤ δ = .10').slice(0, 2)).toEqual([
      // borrows the stratum's no-guard row for the comparison: .020 − .133, .100 − .436
      ['.050', '.44', '.020 [.010,.030]', '.700 [.650,.750]', '.100 [.080,.120]', '-.113', '-.336'],
      ['.100', 'infeasible: stop all', '–', '–', '–', '–', '–'],
    ]);
    expect(tableAfter(md, "Every method's λ̂ (deploy.json)")).toEqual([
      ['Full-prefix', '.84', '.99'],
      ['G-CARB', '.58', '.99'],
    ]);
  });

  it('writes deploy.json as given, listed in the manifest', () => {
    const text = readFileSync(join(dir, 'deploy.json'), 'utf8');
    expect(text).toBe(JSON.stringify(deploy, null, 2) + '\n');
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { outputs: Record<string, string> };
    expect(Object.keys(manifest.outputs)).toContain('deploy.json');
    expect(readdirSync(dir)).toContain('deploy.json');
  });

  it('says what was read, excluded and used, and defines the metrics on the page', () => {
    expect(md).toContain(
      'Read 1,000 episodes; excluded 16 (aborted: 12; invalid record: 4); calibrated on 984. Each of the 200 splits assigns n_cal = 492 episodes to calibration and n_test = 492 to test.',
    );
    const defs = tableAfter(md, '## Definitions').map((r) => r[0]);
    expect(defs).toEqual(
      expect.arrayContaining([
        'L̄ (mean episode loss)',
        'I (intervention)',
        'U (autonomous success)',
        'r (executed-step rate)',
        'CtxRed (scorer-input reduction)',
      ]),
    );
    expect(defs).not.toContain('Harm stop'); // no harm-stop metric in this run
    expect(tableAfter(md, '## Definitions').find((r) => r[0] === 'I (intervention)')![1]).toContain('rejects a proposal');
  });

  it('explains an odd cell right under the table that shows it', () => {
    const t5 = md.slice(md.indexOf('## Table 5'), md.indexOf('\n## ', md.indexOf('## Table 5') + 1));
    // two groups on this page (pooled in expectation, pooled high-probability): the note names its group
    expect(t5).toContain(
      'Note — all (pooled): Full-prefix at α = .100: λ̂ .99 yet I = 1.000 and U = .000 — behavioural stop-all: every test episode has some proposal scoring above λ̂',
    );
    expect(t5).toContain('.99 is then the largest feasible grid value, and it stops exactly the proposals scoring 1.');
    expect(t5).toContain('Here: the status update scores 1 under the full prefix.');
    // once per page: not repeated under the all-methods table
    expect(md.split('behavioural stop-all').length - 1).toBe(1);
  });

  it('keeps a report without deploy rows free of the section', () => {
    expect(deployMarkdown([], summary)).toBe('## Deploy — the threshold to ship\n');
  });
});

describe('strata and summary.json keys', () => {
  it('puts stratum, guarantee and delta first in summary.json (absent: all, expectation, null)', () => {
    expect(SUMMARY_KEYS.slice(0, 4)).toEqual(['stratum', 'guarantee', 'delta', 'method']);
    const out = JSON.parse(
      summaryJson([row('g-carb', 0.05), { ...row('g-carb', 0.05), stratum: 'qwen3', guarantee: 'high-probability', delta: 0.1 }]),
    ) as Array<Record<string, unknown>>;
    expect(out.map((o) => [o.stratum, o.guarantee, o.delta])).toEqual([
      ['all', 'expectation', null],
      ['qwen3', 'high-probability', 0.1],
    ]);
    for (const o of out) expect(Object.keys(o)).toEqual([...SUMMARY_KEYS]);
  });

  it('renders strata side by side: one block per stratum in the tables and one frontier each', async () => {
    const dir = join(tmp, 's');
    const rows: SummaryRow[] = [];
    for (const stratum of ['all', 'qwen3']) {
      rows.push({ ...row('no-guard', 0.05, { meanLoss: stratum === 'all' ? 0.133 : 0.225 }), stratum });
      rows.push({ ...row('g-carb', 0.05, { meanLoss: stratum === 'all' ? 0.035 : 0.041, intervention: 0.5 }), stratum });
      rows.push({ ...row('full-prefix', 0.05, { meanLoss: stratum === 'all' ? 0.044 : 0.046, intervention: 0.7 }), stratum });
      // executed-step CRC above its budget in both strata (the control-unit mismatch)
      rows.push({ ...row('executed-step-crc', 0.05, { meanLoss: 0.133, stepRate: 0.027 }), stratum });
    }
    await writeReport(dir, { title: 'runs', summary: rows, splitResults: [] });
    const md = readFileSync(join(dir, 'tables.md'), 'utf8');
    const t4 = tableAfter(md, '## Table 4');
    expect(t4.map((r) => r[0])).toEqual(['all (pooled)', '', 'qwen3', '']);
    expect(t4[2]!.slice(1, 2)).toEqual(['.050']);
    expect(md).toContain('## All methods and budgets — qwen3');
    // the same odd cells in both strata: one note naming both, under Table 4
    expect(md.split('Executed-step CRC at α = .050: L̄ above α is expected.').length - 1).toBe(1);
    expect(md.slice(md.indexOf('## Table 4'), md.indexOf('## Table 5'))).toContain(
      'Note — all (pooled); qwen3: Executed-step CRC at α = .050: L̄ above α is expected.',
    );
    expect(
      readdirSync(dir)
        .filter((f) => f.endsWith('.svg'))
        .sort(),
    ).toEqual(['frontier-qwen3.svg', 'frontier.svg']);
  }, 60_000);
});
