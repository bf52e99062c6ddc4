import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadGate, runGateEvents } from '@carb/deploy';
import { UsageError } from '@carb/io';
import { writeDeployDir } from './helpers/deployFixture.ts';
import { bundledEpisodes, defaultPipeline } from './helpers/replayCorpora.ts';

// Issue 23: loadGate, the gate object of the library (and of `carb gate`). Rows: g-carb α .05 at λ .58 (grid 59),
// full-prefix α .05 infeasible (lambdaIndex −1).
const fixture = writeDeployDir(defaultPipeline(), [
  { method: 'g-carb', alpha: 0.05, lambdaIndex: 59 },
  { method: 'full-prefix', alpha: 0.05, lambdaIndex: -1 },
]);
const work = mkdtempSync(join(tmpdir(), 'carb-load-gate-'));
afterAll(() => {
  rmSync(fixture.dir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
// ces-000-leak: steps 0–10 score at most .58 and its send_external_email (step 11) scores 1 (explain-cli.test.ts)
const leak = bundledEpisodes('ces-near-miss').find((e) => e.id === 'ces-000-leak')!;
const callOf = (s: (typeof leak.steps)[number]) => ({ tool: s.tool, args: s.args, ...(s.provenance ? { provenance: s.provenance } : {}) });

describe('loadGate', () => {
  it('runs the leak: eleven allows, then the send stopped at λ .58, each verdict saying why', async () => {
    const gate = await loadGate(fixture.deploy, { method: 'g-carb', alpha: '.05' });
    for (const s of leak.steps) {
      if (gate.propose(callOf(s)).decision === 'stop') break;
      gate.observe({ result: s.result, error: s.error });
    }
    expect(gate.stopped).toBe(true);
    expect(gate.history.map((v) => v.decision)).toEqual([...Array<string>(11).fill('allow'), 'stop']);
    expect(gate.history.at(-1)).toMatchObject({ step: 11, score: '1', lambda: '0.58', why: 'score 1 > λ 0.58' });
    for (const v of gate.history.slice(0, -1)) expect(v.why).toBe(`score ${v.score} ≤ λ 0.58`);
    expect(gate.description).toContain('λ = 0.58 (grid 59)');
    expect(() => gate.propose(callOf(leak.steps[0]!))).toThrow('gate online: proposal after stop');
  }, 60_000);

  it("a proposal before the allowed call's result is refused; alpha as a number or a fraction picks the same row", async () => {
    const gate = await loadGate(fixture.deploy, { method: 'g-carb', alpha: 0.05 });
    gate.propose(callOf(leak.steps[0]!));
    expect(() => gate.propose(callOf(leak.steps[1]!))).toThrow('gate online: proposal before the previous result was observed');
    expect((await loadGate(fixture.deploy, { method: 'g-carb', alpha: '1/20' })).description).toBe(gate.description);
  }, 60_000);

  it('an infeasible row: every proposal stopped, no λ, the notice says so', async () => {
    const gate = await loadGate(fixture.deploy, { method: 'full-prefix', alpha: '.05' });
    expect(gate.notice).toMatch(/is infeasible: no threshold met α on its 984 calibration episodes/);
    expect(gate.propose(callOf(leak.steps[0]!))).toMatchObject({
      step: 0,
      decision: 'stop',
      lambda: null,
      why: 'infeasible deploy row: every proposal is stopped',
    });
  }, 60_000);

  it("refuses an edited deploy.json with carb gate's line, a row not there or an unknown method as a UsageError", async () => {
    const dir = join(work, 'edited');
    cpSync(fixture.dir, dir, { recursive: true });
    const file = join(dir, 'deploy.json');
    const before = sha(readFileSync(file));
    const rows = JSON.parse(readFileSync(file, 'utf8')) as Array<Record<string, unknown>>;
    Object.assign(rows[0]!, { lambdaIndex: 101, lambda: 1 });
    writeFileSync(file, `${JSON.stringify(rows, null, 2)}\n`);
    await expect(loadGate(file, { method: 'g-carb', alpha: '.05' })).rejects.toThrow(
      `${file}: expected sha256 ${before} (${join(dir, 'manifest.json')} outputs), found ${sha(readFileSync(file))}: changed after the calibration wrote it (refusing to gate with it)`,
    );
    const missing = loadGate(fixture.deploy, { method: 'g-carb', alpha: '.1' });
    await expect(missing).rejects.toBeInstanceOf(UsageError);
    await expect(missing).rejects.toThrow(
      `expected a row of ${fixture.deploy} with method g-carb, α .1, stratum all, guarantee expectation, found none; it has stratum all, expectation: g-carb α 0.05, full-prefix α 0.05`,
    );
    await expect(loadGate(fixture.deploy, { method: 'gcarb' as 'g-carb', alpha: '.05' })).rejects.toThrow(
      'method: expected a calibration method name such as "g-carb", found "gcarb"',
    );
    await expect(loadGate(fixture.deploy, { method: 'g-carb', alpha: '.05', expectManifestHash: '0'.repeat(64) })).rejects.toThrow(
      `${join(fixture.dir, 'manifest.json')}: expected sha256 ${'0'.repeat(64)}`,
    );
  }, 60_000);

  it('runGateEvents: a proposal while a result is awaited is checked against the executed count (index 0), as runStdin did', async () => {
    const gate = await loadGate(fixture.deploy, { method: 'g-carb', alpha: '.05' });
    const s0 = leak.steps[0]!;
    const proposal = JSON.stringify({ type: 'proposal', index: 0, tool: s0.tool, args: s0.args });
    // runGateEvents reads stdin's lines as an async iterable; these two are there at once
    // eslint-disable-next-line @typescript-eslint/require-await -- an AsyncIterable of fixed lines needs no await
    const lines = async function* () {
      yield { text: proposal, lineNo: 1 };
      yield { text: JSON.stringify({ type: 'proposal', index: 1, tool: s0.tool, args: s0.args }), lineNo: 2 };
    };
    const seen: string[] = [];
    await expect(runGateEvents(gate, lines(), (v) => seen.push(v.decision))).rejects.toThrow(
      "stdin: line 2: /index: expected 0 (the next proposal's step), found number 1",
    );
    expect(seen).toEqual(['allow']);
  }, 60_000);
});
