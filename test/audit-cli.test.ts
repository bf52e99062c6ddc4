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
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(fixture.dir, { recursive: true, force: true });
});

interface Summary {
  dAction: number;
  dState: number;
  srg: number;
  mcnemarP: number;
  cas: number;
  wilson: { dAction: [number, number]; dState: [number, number] };
  guardrails: Array<{
    name: string;
    rr: { overall: number; s: number; ar: number; sd: number };
    fpr: number;
    admission: number;
    ovr: number;
    tsr: number;
  }>;
}

describe('carb audit', () => {
  it('--json prints the issue-13 summary and writes the Table 1 / Figure 3 / Table 16 files', async () => {
    const out = join(dir, 'general');
    const run = await runCli(['audit', GENERAL, '--out', out, '--json']);
    expect(run.code, run.err).toBe(0);
    const s = JSON.parse(run.out) as Summary;
    // measured, not built in (issue 25): neither E nor W decided which items exist
    for (const x of [s.dAction, s.dState, s.cas]) {
      expect(x).toBeGreaterThan(0);
      expect(x).toBeLessThan(1);
    }
    expect(s.srg).toBeCloseTo(s.dState - s.dAction, 12);
    expect(s.wilson.dAction[0]).toBeLessThanOrEqual(s.dAction);
    expect(s.guardrails.map((g) => g.name)).toEqual(['vanilla', 'context-only', 'keyword', 'step-rule', 'trajectory-rule', 'state-guard']);
    for (const g of s.guardrails) expect(Object.keys(g).sort()).toEqual(['admission', 'fpr', 'name', 'ovr', 'rr', 'tsr']);
    for (const f of ['summary.json', 'table1.md', 'table1.csv', 'table16.md', 'table16.csv', 'figure3.svg', 'verdicts.jsonl'])
      expect(existsSync(join(out, f)), f).toBe(true);
    expect(readFileSync(join(out, 'table1.csv'), 'utf8').split('\n')[0]).toBe('Guardrail,OVR,RR,S-RR,AR-RR,SD-RR,Benign FPR,Admission,TSR');
    expect(readFileSync(join(out, 'table16.md'), 'utf8')).toMatch(/\| State-dependent \(SD\) \| 100 \|/);
    expect(readFileSync(join(out, 'verdicts.jsonl'), 'utf8').trimEnd().split('\n').length).toBe(254);
  }, 120_000);

  it('is deterministic: a second run writes the same bytes', async () => {
    const a = join(dir, 'a');
    const b = join(dir, 'b');
    await runCli(['audit', GENERAL, '--out', a, '--guardrail', 'keyword']);
    await runCli(['audit', GENERAL, '--out', b, '--guardrail', 'keyword']);
    for (const f of ['summary.json', 'table1.csv', 'table16.csv', 'figure3.svg', 'verdicts.jsonl'])
      expect(readFileSync(join(b, f), 'utf8')).toBe(readFileSync(join(a, f), 'utf8'));
  }, 120_000);

  it('runs the calibrated gate from a deploy row; an infeasible row escalates every action', async () => {
    const run = await runCli([
      'audit',
      GENERAL,
      '--out',
      join(dir, 'gate'),
      '--guardrail',
      'carb-gate',
      '--deploy',
      fixture.deploy,
      '--method',
      'g-carb',
      '--alpha',
      '.05',
      '--json',
    ]);
    expect(run.code, run.err).toBe(0);
    const [g] = (JSON.parse(run.out) as Summary).guardrails;
    expect(g!.name).toMatch(/^carb-gate \(g-carb/);
    const infeasible = await runCli([
      'audit',
      GENERAL,
      '--out',
      join(dir, 'gate2'),
      '--guardrail',
      'carb-gate',
      '--deploy',
      fixture.deploy,
      '--method',
      'g-carb',
      '--alpha',
      '.025',
      '--json',
    ]);
    expect(infeasible.code, infeasible.err).toBe(0);
    expect(infeasible.err).toMatch(/infeasible/);
    expect((JSON.parse(infeasible.out) as Summary).guardrails[0]!.admission).toBe(0);
  }, 120_000);

  it('usage errors name the flag, exit 2 and write nothing', async () => {
    const out = join(dir, 'never');
    const bad = await runCli(['audit', GENERAL, '--out', out, '--guardrail', 'keywords']);
    expect(bad.code).toBe(2);
    expect(bad.errLines[0]).toMatch(
      /^carb: --guardrail: expected one of vanilla, context-only, keyword, step-rule, trajectory-rule, state-guard, carb-gate or a decisions \.jsonl file, found keywords/,
    );
    const gate = await runCli(['audit', GENERAL, '--out', out, '--guardrail', 'carb-gate']);
    expect(gate.code).toBe(2);
    expect(gate.errLines[0]).toMatch(/^carb: --deploy: expected a deploy\.json/);
    expect(existsSync(out)).toBe(false);
  }, 120_000);

  it('--verdicts replaces W; a verdicts file that misses items is refused (exit 1) before anything is written', async () => {
    const ids = readFileSync(GENERAL, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => (JSON.parse(l) as { task_id: string }).task_id);
    const all = join(dir, 'v.jsonl');
    writeFileSync(
      all,
      ids.map((id) => `${JSON.stringify({ task_id: id, label: 'risk', violated_policy: 'GH-UNAUTHORIZED-GOAL' })}\n`).join(''),
    );
    const run = await runCli(['audit', GENERAL, '--out', join(dir, 'v'), '--verdicts', all, '--guardrail', 'vanilla', '--json']);
    expect(run.code, run.err).toBe(0);
    const s = JSON.parse(run.out) as Summary & { kappaWithBuiltIn: number };
    // a judge that flags everything: D_state 1, CAS 0, and κ 0 against W (p_o equals the chance agreement)
    expect([s.dState, s.cas, s.kappaWithBuiltIn]).toEqual([1, 0, 0]);
    const part = join(dir, 'part.jsonl');
    writeFileSync(part, `${JSON.stringify({ task_id: ids[0], label: false, violated_policy: null })}\n`);
    const bad = await runCli(['audit', GENERAL, '--out', join(dir, 'v2'), '--verdicts', part]);
    expect(bad.code).toBe(1);
    expect(bad.errLines).toEqual([
      `carb: ${part}: expected a verdict for every item, found none for ${ids.length - 1} (${ids.slice(1, 4).join(', ')}, …)`,
    ]);
    expect(existsSync(join(dir, 'v2'))).toBe(false);
  }, 120_000);

  it('bad items: one line naming file, line, item and pointer; exit 1, nothing written', async () => {
    const file = join(dir, 'bad.jsonl');
    const first = JSON.parse(readFileSync(GENERAL, 'utf8').split('\n')[0]!) as Record<string, unknown>;
    writeFileSync(file, `${JSON.stringify({ ...first, risk_label: 'yes' })}\n`);
    const out = join(dir, 'bad-out');
    const run = await runCli(['audit', file, '--out', out]);
    expect(run.code).toBe(1);
    expect(run.errLines).toContain(
      `carb: ${file}: line 1: item ${String(first.task_id)}: /risk_label: expected a boolean, found string "yes"`,
    );
    expect(existsSync(out)).toBe(false);
  }, 120_000);

  // issue 25
  it('prints the context-only sanity check, κ against the construction labels and per-stratum recall / specificity', async () => {
    const run = await runCli(['audit', GENERAL, '--out', join(dir, 'printed'), '--guardrail', 'context-only']);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(
      /^context-only baseline \(sanity check, gap ≤ 0\.10\): detection 1\.00 \(100\/100\), false alarms 1\.00 \(100\/100\), gap 0\.00$/m,
    );
    expect(run.out).toMatch(
      /^state auditor vs construction labels: κ \d\.\d\d; S recall \d\.\d\d \(\d+\/30\), specificity — \(0\/0\); AR recall .*; SD recall \d\.\d\d \(\d+\/100\), specificity \d\.\d\d \(\d+\/100\)$/m,
    );
  }, 120_000);

  it('κ is printed "undefined" where p_e = 1 (every item risky, a judge that flags everything)', async () => {
    const rows = readFileSync(GENERAL, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { task_id: string; regime: string });
    const ar = rows.filter((r) => r.regime === 'action_revealing');
    const items = join(dir, 'ar.jsonl');
    writeFileSync(items, ar.map((r) => `${JSON.stringify(r)}\n`).join(''));
    const verdicts = join(dir, 'ar-v.jsonl');
    writeFileSync(verdicts, ar.map((r) => `${JSON.stringify({ task_id: r.task_id, label: true, violated_policy: null })}\n`).join(''));
    const run = await runCli(['audit', items, '--out', join(dir, 'ar'), '--verdicts', verdicts, '--guardrail', 'vanilla']);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(/^state auditor vs construction labels: κ undefined;/m);
  }, 120_000);

  it('warns, naming the tool and its item count, when items use tools the typing file does not type', async () => {
    const text = readFileSync(GENERAL, 'utf8').replace(/"tool":"share_file"/g, '"tool":"share_document"');
    const n = text
      .trimEnd()
      .split('\n')
      .filter((l) => l.includes('"share_document"')).length;
    const items = join(dir, 'renamed.jsonl');
    writeFileSync(items, text);
    const run = await runCli(['audit', items, '--out', join(dir, 'renamed'), '--guardrail', 'vanilla']);
    expect(run.code, run.err).toBe(0);
    expect(run.errLines).toContain(
      `carb: warning: tools not typed in configs/tools/latentriskbench.json: share_document (${n} items); W reads them as changing no state, the step rule as not outbound`,
    );
    // a typing file without roles (AgentDojo's types only): W would see no state at all, and says so
    const bare = await runCli([
      'audit',
      GENERAL,
      '--out',
      join(dir, 'bare'),
      '--guardrail',
      'vanilla',
      '--tools',
      'configs/tools/agentdojo.json',
    ]);
    expect(bare.code, bare.err).toBe(0);
    expect(bare.errLines).toContain(
      'carb: warning: no audit roles in configs/tools/agentdojo.json: W reconstructs no state from any tool (see configs/tools/latentriskbench.json for the roles format)',
    );
  }, 120_000);

  it("--probe reports W's detection and CAS under renamed tools, paraphrased content and missing principals", async () => {
    const run = await runCli(['audit', GENERAL, '--out', join(dir, 'probe'), '--guardrail', 'vanilla', '--probe', '--json']);
    expect(run.code, run.err).toBe(0);
    const probe = (JSON.parse(run.out) as { probe: Array<{ probe: string; detection: { n: number }; cas: { n: number } }> }).probe;
    expect(probe.map((p) => p.probe)).toEqual(['as given', 'renamed tools', 'paraphrased content', 'missing principals']);
    for (const p of probe) expect([p.detection.n, p.cas.n]).toEqual([100, 100]);
  }, 120_000);

  it("--action-verdicts takes E's role: a judge that flags every action gives D_action 1 and SRG D_state − 1", async () => {
    const ids = readFileSync(GENERAL, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => (JSON.parse(l) as { task_id: string }).task_id);
    const all = join(dir, 'e.jsonl');
    writeFileSync(all, ids.map((id) => `${JSON.stringify({ task_id: id, label: 'risk', violated_policy: 'ACME-ANY' })}\n`).join(''));
    const run = await runCli(['audit', GENERAL, '--out', join(dir, 'e'), '--action-verdicts', all, '--guardrail', 'vanilla', '--json']);
    expect(run.code, run.err).toBe(0);
    const s = JSON.parse(run.out) as Summary & { actionEvaluator: string };
    expect([s.dAction, s.actionEvaluator]).toEqual([1, all]);
    expect(s.srg).toBeCloseTo(s.dState - 1, 12);
  }, 120_000);

  it('Table 3 from supplied decisions: the worked example in corpora/audit-deployment-example gives the hand-computed figures', async () => {
    const ex = 'corpora/audit-deployment-example';
    const run = await runCli([
      'audit',
      `${ex}/items.jsonl`,
      '--guardrail',
      `${ex}/decisions.jsonl`,
      '--verdicts',
      `${ex}/verdicts.jsonl`,
      '--action-verdicts',
      `${ex}/action-verdicts.jsonl`,
      '--annotations',
      `${ex}/annotations.jsonl`,
      '--out',
      join(dir, 'table3'),
      '--json',
    ]);
    expect(run.code, run.err).toBe(0);
    const s = JSON.parse(run.out) as Summary & { human: { interAnnotator: { method: string; kappa: number }; overall: { kappa: number } } };
    // 4 risky items R1–R4 and their twins T1–T4 (README "Table 3 from your own decisions"):
    // E flags R1 → D_action 1/4; W flags R1, R2, R3 → D_state 3/4, SRG .50; discordant 2 vs 0 → p = 2 · (1/2)² = .5
    expect([s.dAction, s.dState, s.srg, s.mcnemarP]).toEqual([0.25, 0.75, 0.5, 0.5]);
    // W admits T1, T3, T4 → CAS 3/4
    expect(s.cas).toBe(0.75);
    // executed: R2 (W: risk) and R4 (W: no risk); R1 blocked, R3 a rewrite without action → RR 1/4; E flags neither → OVR 0
    // twins: T1 blocked, T4 rewritten (to the same action) → FPR 2/4; T2, T3 allowed and T4 executes → TSR 3/4
    expect(s.guardrails).toEqual([
      { name: 'decisions', rr: { overall: 0.25, s: null, ar: null, sd: 0.25 }, fpr: 0.5, admission: 0.5, ovr: 0, tsr: 0.75 },
    ]);
    // three annotators: P̄ = 6/8, p_yes = 11/24, P̄_e = 290/576 → Fleiss' κ = 142/286; majority = construction labels,
    // W against it p_o = 6/8, p_e = 1/2 → κ .5
    expect(s.human.interAnnotator.method).toBe('fleiss');
    expect(s.human.interAnnotator.kappa).toBeCloseTo(142 / 286, 12);
    expect(s.human.overall.kappa).toBeCloseTo(0.5, 12);
  }, 120_000);
});
