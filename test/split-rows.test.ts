import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBudget } from '@carb/calibrate';
import { defaultPipelinePath, loadPipeline } from '@carb/pipeline';
import { labelsFor, loadEpisodes, runCalibrationJob, type SplitRows } from '@carb/jobs';
import { runCli } from '../packages/cli/test/runCli.ts';
import { ROOT } from './helpers/shared.ts';

// The bundled CES clean suite: n_cal = 48 (Table 2), so the frontier is 1/49 and .025, .030, …, .500
// (k·.005 > 1/49 ⇔ k ≥ 5; k = 5 … 100): 97 budgets, the requested .05 and .10 among them.
const CORPUS = join(ROOT, 'corpora/ces-clean.jsonl');
const SPLITS = 3;
const METHODS = ['no-guard', 'g-carb'] as const;

async function run(splitRows?: SplitRows) {
  const { report } = await runCalibrationJob({
    title: 'CES clean',
    episodes: loadEpisodes([CORPUS], { format: 'jsonl' }),
    labels: labelsFor([CORPUS]),
    pipeline: loadPipeline(defaultPipelinePath()),
    methods: [...METHODS],
    alphas: ['.05', '.10'].map(parseBudget),
    frontier: true,
    splits: SPLITS,
    dataset: 'ces-clean',
    splitRng: 'python',
    baseSeed: 0,
    argv: [],
    quiet: true,
    ...(splitRows ? { splitRows } : {}),
  });
  return report;
}

describe('per-split rows of a frontier run', () => {
  it('by default only the requested budgets have split rows; the summary keeps the whole frontier', async () => {
    const report = await run();
    // 2 methods × 2 budgets × 3 splits
    expect(report.splitResults).toHaveLength(12);
    expect(new Set(report.splitResults.map((r) => r.alphaText))).toEqual(new Set(['.05', '.10']));
    expect(report.summary).toHaveLength(2 * 97);
  }, 60_000);

  it('--split-rows all keeps every frontier budget (2 methods × 97 budgets × 3 splits)', async () => {
    const report = await run('all');
    expect(report.splitResults).toHaveLength(582);
    expect(new Set(report.splitResults.map((r) => r.alphaText)).size).toBe(97);
    expect(report.splitResults.some((r) => r.alphaText === '1/49')).toBe(true);
  }, 60_000);

  it('carb calibrate refuses an unknown --split-rows before any work (exit 2)', async () => {
    const r = await runCli(['calibrate', CORPUS, '--split-rows', 'some', '--out', join(ROOT, 'never-written')]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--split-rows');
  }, 60_000);
});
