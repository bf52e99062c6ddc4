import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadGate } from '@carb/deploy';
import type { Episode } from '@carb/episodes';
import { replayFused } from '@carb/replay';
import { gatedToolLoop, SCRIPTED_TURNS, TOOL_RESULTS } from '../scripts/examples/openai-tool-loop.ts';
import { writeDeployDir } from './helpers/deployFixture.ts';
import { bundledEpisodes, defaultPipeline } from './helpers/replayCorpora.ts';
import { ROOT } from './helpers/shared.ts';

// Issue 23: the worked example (scripts/examples/openai-tool-loop.ts), a scripted chat-completions tool loop
// wrapped by loadGate's gate. Its decisions must equal `carb gate` (a separate process reading the same calls
// as stdin events) and its stop the offline replay's (the breakpoint table: the first step t with
// executesFrom[t] > g), a code path that never runs the online gate.
const fixture = writeDeployDir(defaultPipeline(), [{ method: 'g-carb', alpha: 0.05, lambdaIndex: 59 }]);
afterAll(() => rmSync(fixture.dir, { recursive: true, force: true }));
const G = 59; // λ .58

/** `carb gate` as its own process, `stdin` as its standard input. */
function carbGate(stdin: string): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(
      process.execPath,
      [join(ROOT, 'packages/cli/bin/carb.js'), 'gate', '--deploy', fixture.deploy, '--method', 'g-carb', '--alpha', '.05'],
      { cwd: ROOT },
    );
    let out = '';
    let err = '';
    p.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    p.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    p.on('error', reject);
    p.on('close', (code) => resolve({ code, out, err }));
    p.stdin.end(stdin);
  });
}

// every tool call the script proposes, as the logged steps of one episode (the send included, as if it had run)
const calls = SCRIPTED_TURNS.flatMap((t) => (t.role === 'assistant' ? (t.tool_calls ?? []) : []));
const steps = calls.map((c, index) => ({
  index,
  tool: c.function.name,
  args: JSON.parse(c.function.arguments) as Record<string, unknown>,
  result: TOOL_RESULTS[c.function.name]!,
  error: null,
  ok: true,
}));

describe('scripts/examples/openai-tool-loop.ts', () => {
  it("hands off before the send that leaks the record's handle; the three calls before it ran", async () => {
    const gate = await loadGate(fixture.deploy, { method: 'g-carb', alpha: '.05' });
    const out = gatedToolLoop(gate, SCRIPTED_TURNS, (name) => TOOL_RESULTS[name]!);
    expect(out.executed).toEqual(['check_weather', 'read_private_record', 'summarize_record']);
    expect(out.handedOff).toMatchObject({
      toolCallId: 'call_3',
      tool: 'send_external_email',
      verdict: { step: 3, decision: 'stop', lambda: '0.58' },
    });
    expect(out.messages.filter((m) => m.role === 'tool').map((m) => (m as { tool_call_id: string }).tool_call_id)).toEqual([
      'call_0',
      'call_1',
      'call_2',
    ]);
  }, 60_000);

  it("its verdicts equal carb gate's decision lines on the same calls (stdin events, another process)", async () => {
    const gate = await loadGate(fixture.deploy, { method: 'g-carb', alpha: '.05' });
    const out = gatedToolLoop(gate, SCRIPTED_TURNS, (name) => TOOL_RESULTS[name]!);
    const cli = await carbGate(steps.map((s) => `${JSON.stringify(s)}\n`).join(''));
    expect(cli.code, cli.err).toBe(0);
    const lines = cli.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as object);
    expect(out.verdicts.map(({ step, decision, score, context, features }) => ({ step, decision, score, context, features }))).toEqual(
      lines,
    );
  }, 120_000);

  it("its stop is the replayed stop: the first step whose executesFrom exceeds λ's grid index", async () => {
    const gate = await loadGate(fixture.deploy, { method: 'g-carb', alpha: '.05' });
    const out = gatedToolLoop(gate, SCRIPTED_TURNS, (name) => TOOL_RESULTS[name]!);
    const template = bundledEpisodes('ces-near-miss')[0]!;
    const episode = { ...template, id: 'example', steps } as unknown as Episode;
    const pipeline = gate.resolved.pipeline;
    const [table] = replayFused([episode], pipeline, [{ method: gate.resolved.selector, selector: pipeline.selector }]);
    const replayStop = steps.findIndex((_, t) => table!.executesFrom[table!.stepOffset[0]! + t]! > G);
    expect(replayStop).toBe(3);
    expect(out.handedOff?.verdict.step).toBe(replayStop);
  }, 60_000);
});
