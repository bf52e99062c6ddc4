import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { METHOD_ORDER, METHOD_SELECTOR, runProtocol, type MethodName } from '@carb/calibrate';
import { eligibleForCalibration, readCorpus } from '@carb/episodes';
import { corpusDigest, defaultPipelinePath, loadPipeline, withSelector } from '@carb/pipeline';
import { ledgerTraces, replayCorpus, type OutcomeTable } from '@carb/replay';
import { fmtMetric, makeManifest, parseMarkdownTable, writeReport, type ReportInput } from '@carb/report';
import { AGENTDOJO_RUNS, describeShared } from './helpers/shared.ts';

const tmp = mkdtempSync(join(tmpdir(), 'carb-report-e2e-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describeShared('report on a shared AgentDojo model (gpt-4o, 20 splits)', () => {
  const model = 'gpt-4o-2024-05-13';
  let input: ReportInput;
  let dir: string;

  it('replays, calibrates and writes a complete, byte-stable report', () => {
    const { episodes: all } = readCorpus([join(AGENTDOJO_RUNS, model)]);
    const episodes = all.filter((e) => eligibleForCalibration(e));
    expect(episodes).toHaveLength(753); // corpus README: 629 attacked + 124 none runs
    const pipeline = loadPipeline(defaultPipelinePath());
    const traces = ledgerTraces(episodes, pipeline);
    const bySelector = new Map<string, OutcomeTable>();
    const tables: Partial<Record<MethodName, OutcomeTable>> = {};
    for (const m of METHOD_ORDER) {
      const kind = METHOD_SELECTOR[m];
      if (!bySelector.has(kind)) bySelector.set(kind, replayCorpus(episodes, withSelector(pipeline, { kind }), { traces }));
      tables[m] = { ...bySelector.get(kind)!, method: m };
    }
    const result = runProtocol({ tables, alphas: ['.05', '.10'], splits: 20 });
    const manifest = makeManifest(pipeline, { splitProtocol: { ...pipeline.splits, count: 20 }, corpusDigest: corpusDigest(episodes), carbVersion: '0.1.0' },
      { episodes: episodes.length, source: `runs/${model}` }, ['calibrate', `runs/${model}`, '--alphas', '.05,.10', '--splits', '20']);
    input = { title: model, summary: result.summary, splitResults: result.splitResults, paired: result.paired, manifest };
    dir = join(tmp, 'a');
    writeReport(dir, input);

    expect(input.summary).toHaveLength(METHOD_ORDER.length * 2);
    expect(input.splitResults).toHaveLength(METHOD_ORDER.length * 2 * 20);
    const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    expect(m.corpus.episodes).toBe(753);
    for (const [f, h] of Object.entries(m.outputs)) expect(sha(readFileSync(join(dir, f))), f).toBe(h);

    const again = join(tmp, 'b');
    writeReport(again, input);
    for (const f of readdirSync(dir)) expect(sha(readFileSync(join(again, f))), f).toBe(sha(readFileSync(join(dir, f))));
  }, 120_000); // replays 753 episodes under five selectors

  it('prints the summary values in Table 4, with the no-guard line last', () => {
    const md = readFileSync(join(dir, 'tables.md'), 'utf8');
    const t4 = parseMarkdownTable(md.slice(md.indexOf('## Table 4'), md.indexOf('## Table 5')));
    expect(t4.rows.map((r) => r[1])).toEqual(['.050', '.100', 'no guard']);
    const at = (method: string, alpha: number) => input.summary.find((r) => r.method === method && Math.abs(r.alpha - alpha) < 1e-12)!;
    expect(t4.rows[1]!.slice(2, 4)).toEqual([fmtMetric(at('executed-step-crc', 0.1).stepRate), fmtMetric(at('executed-step-crc', 0.1).meanLoss)]);
    expect(t4.rows[0]!.slice(10)).toEqual([at('g-carb', 0.05), at('g-carb', 0.05), at('g-carb', 0.05)].map((r, i) => fmtMetric([r.meanLoss, r.intervention, r.utility][i])));
    expect(t4.rows[2]![3]).toBe(fmtMetric(at('no-guard', 0.05).meanLoss));
  });
});
