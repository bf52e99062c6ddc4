import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../packages/cli/test/runCli.ts';
import { writeDeployDir } from './helpers/deployFixture.ts';
import { defaultPipeline } from './helpers/replayCorpora.ts';

const dir = mkdtempSync(join(tmpdir(), 'carb-audit-cli-'));
const GENERAL = 'corpora/audit-general.jsonl';
// rows: g-carb α .05 at grid 100 (λ .99); g-carb α .025 infeasible
const fixture = writeDeployDir(defaultPipeline(), [
  { method: 'g-carb', alpha: 0.05, lambdaIndex: 100 },
  { method: 'g-carb', alpha: 0.025, lambdaIndex: -1 },
]);
afterAll(() => { rmSync(dir, { recursive: true, force: true }); rmSync(fixture.dir, { recursive: true, force: true }); });

interface Summary {
  dAction: number; dState: number; srg: number; mcnemarP: number; cas: number;
  wilson: { dAction: [number, number]; dState: [number, number] };
  guardrails: Array<{ name: string; rr: { overall: number; s: number; ar: number; sd: number }; fpr: number; admission: number; ovr: number; tsr: number }>;
}

describe('carb audit', () => {
  it('--json prints the issue-13 summary and writes the Table 1 / Figure 3 / Table 16 files', async () => {
    const out = join(dir, 'general');
    const run = await runCli(['audit', GENERAL, '--out', out, '--json']);
    expect(run.code, run.err).toBe(0);
    const s = JSON.parse(run.out) as Summary;
    expect(s.dAction).toBeLessThanOrEqual(0.1);
    expect(s.dState).toBeGreaterThanOrEqual(0.9);
    expect(s.cas).toBeGreaterThanOrEqual(0.9);
    expect(s.srg).toBeCloseTo(s.dState - s.dAction, 12);
    expect(s.wilson.dAction[0]).toBeLessThanOrEqual(s.dAction);
    expect(s.guardrails.map((g) => g.name)).toEqual(['vanilla', 'keyword', 'step-rule', 'trajectory-rule', 'state-guard']);
    for (const g of s.guardrails) expect(Object.keys(g).sort()).toEqual(['admission', 'fpr', 'name', 'ovr', 'rr', 'tsr']);
    for (const f of ['summary.json', 'table1.md', 'table1.csv', 'table16.md', 'table16.csv', 'figure3.svg', 'verdicts.jsonl']) expect(existsSync(join(out, f)), f).toBe(true);
    expect(readFileSync(join(out, 'table1.csv'), 'utf8').split('\n')[0]).toBe('Guardrail,OVR,RR,S-RR,AR-RR,SD-RR,Benign FPR,Admission,TSR');
    expect(readFileSync(join(out, 'table16.md'), 'utf8')).toMatch(/\| State-dependent \(SD\) \| 100 \|/);
    expect(readFileSync(join(out, 'verdicts.jsonl'), 'utf8').trimEnd().split('\n').length).toBe(254);
  }, 120_000);

  it('is deterministic: a second run writes the same bytes', async () => {
    const a = join(dir, 'a');
    const b = join(dir, 'b');
    await runCli(['audit', GENERAL, '--out', a, '--guardrail', 'keyword']);
    await runCli(['audit', GENERAL, '--out', b, '--guardrail', 'keyword']);
    for (const f of ['summary.json', 'table1.csv', 'table16.csv', 'figure3.svg', 'verdicts.jsonl']) expect(readFileSync(join(b, f), 'utf8')).toBe(readFileSync(join(a, f), 'utf8'));
  }, 120_000);

  it('runs the calibrated gate from a deploy row; an infeasible row escalates every action', async () => {
    const run = await runCli(['audit', GENERAL, '--out', join(dir, 'gate'), '--guardrail', 'carb-gate', '--deploy', fixture.deploy, '--method', 'g-carb', '--alpha', '.05', '--json']);
    expect(run.code, run.err).toBe(0);
    const [g] = (JSON.parse(run.out) as Summary).guardrails;
    expect(g!.name).toMatch(/^carb-gate \(g-carb/);
    const infeasible = await runCli(['audit', GENERAL, '--out', join(dir, 'gate2'), '--guardrail', 'carb-gate', '--deploy', fixture.deploy, '--method', 'g-carb', '--alpha', '.025', '--json']);
    expect(infeasible.code, infeasible.err).toBe(0);
    expect(infeasible.err).toMatch(/infeasible/);
    expect((JSON.parse(infeasible.out) as Summary).guardrails[0]!.admission).toBe(0);
  }, 120_000);

  it('usage errors name the flag, exit 2 and write nothing', async () => {
    const out = join(dir, 'never');
    const bad = await runCli(['audit', GENERAL, '--out', out, '--guardrail', 'keywords']);
    expect(bad.code).toBe(2);
    expect(bad.errLines[0]).toMatch(/^carb: --guardrail: expected one of vanilla, keyword, step-rule, trajectory-rule, state-guard, carb-gate or a decisions \.jsonl file, found keywords/);
    const gate = await runCli(['audit', GENERAL, '--out', out, '--guardrail', 'carb-gate']);
    expect(gate.code).toBe(2);
    expect(gate.errLines[0]).toMatch(/^carb: --deploy: expected a deploy\.json/);
    expect(existsSync(out)).toBe(false);
  }, 120_000);

  it('--verdicts replaces W; a verdicts file that misses items is refused (exit 1) before anything is written', async () => {
    const ids = readFileSync(GENERAL, 'utf8').trimEnd().split('\n').map((l) => (JSON.parse(l) as { task_id: string }).task_id);
    const all = join(dir, 'v.jsonl');
    writeFileSync(all, ids.map((id) => `${JSON.stringify({ task_id: id, label: 'risk', violated_policy: 'GH-UNAUTHORIZED-GOAL' })}\n`).join(''));
    const run = await runCli(['audit', GENERAL, '--out', join(dir, 'v'), '--verdicts', all, '--guardrail', 'vanilla', '--json']);
    expect(run.code, run.err).toBe(0);
    const s = JSON.parse(run.out) as Summary & { kappaWithBuiltIn: number };
    // a judge that flags everything: D_state 1, CAS 0, and κ 0 against W (p_o equals the chance agreement)
    expect([s.dState, s.cas, s.kappaWithBuiltIn]).toEqual([1, 0, 0]);
    const part = join(dir, 'part.jsonl');
    writeFileSync(part, `${JSON.stringify({ task_id: ids[0], label: false, violated_policy: null })}\n`);
    const bad = await runCli(['audit', GENERAL, '--out', join(dir, 'v2'), '--verdicts', part]);
    expect(bad.code).toBe(1);
    expect(bad.errLines).toEqual([`carb: ${part}: expected a verdict for every item, found none for ${ids.length - 1} (${ids.slice(1, 4).join(', ')}, …)`]);
    expect(existsSync(join(dir, 'v2'))).toBe(false);
  }, 120_000);

  it('bad items: one line naming file, line, item and pointer; exit 1, nothing written', async () => {
    const file = join(dir, 'bad.jsonl');
    const first = JSON.parse(readFileSync(GENERAL, 'utf8').split('\n')[0]!) as Record<string, unknown>;
    writeFileSync(file, `${JSON.stringify({ ...first, risk_label: 'yes' })}\n`);
    const out = join(dir, 'bad-out');
    const run = await runCli(['audit', file, '--out', out]);
    expect(run.code).toBe(1);
    expect(run.errLines).toContain(`carb: ${file}: line 1: item ${String(first.task_id)}: /risk_label: expected a boolean, found string "yes"`);
    expect(existsSync(out)).toBe(false);
  }, 120_000);
});
