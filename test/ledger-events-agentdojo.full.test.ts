import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ledgerTrace } from '@carb/ledger';
import { runCli } from '../packages/cli/test/runCli.ts';
import { defaultPipeline, sharedEpisodes } from './helpers/replayCorpora.ts';
import { AGENTDOJO_RUNS, describeShared } from './helpers/shared.ts';

// The whole shared set (2,587 episodes) replays in a few seconds per run, so no sample is needed.
describeShared('--ledger external fed with the built-in ledger’s own events (shared AgentDojo runs)', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'carb-ledger-agentdojo-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const events = join(scratch, 'builtin-events.jsonl');
  let withEvents = 0;
  const calibrate = async (name: string, extra: string[]) => {
    const out = join(scratch, name);
    const r = await runCli(['calibrate', AGENTDOJO_RUNS, '--splits', '20', '--no-frontier', '--workers', '1', '--out', out, ...extra]);
    expect(r.code, r.err).toBe(0);
    return {
      summary: readFileSync(join(out, 'summary.json'), 'utf8'),
      manifest: JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { pipelineHash: string; corpus: { episodes: number } },
    };
  };
  let builtin: Awaited<ReturnType<typeof calibrate>>;

  beforeAll(async () => {
    // the built-in ledger's events (App. C rules), written out as a reviewer's file would be: one line per episode
    const pipeline = defaultPipeline();
    const lines = sharedEpisodes().map((e) => {
      const evs = ledgerTrace(e, pipeline).events.map((x) => ({
        step: x.step,
        category: x.category,
        source: `builtin:${x.rule}`,
        note: x.evidence,
      }));
      if (evs.length) withEvents++;
      return JSON.stringify({ id: e.id, events: evs });
    });
    writeFileSync(events, `${lines.join('\n')}\n`);
    builtin = await calibrate('builtin', []);
  }, 240_000);

  it('the file has a line for each of the 2,587 eligible episodes, some with events', () => {
    expect(readFileSync(events, 'utf8').trim().split('\n')).toHaveLength(2587);
    expect(withEvents).toBeGreaterThan(0);
    expect(builtin.manifest.corpus.episodes).toBe(2587);
  });

  it('external gives byte-identical summary.json; union with the same events too; only the pipeline hash differs', async () => {
    for (const mode of ['external', 'union']) {
      const run = await calibrate(mode, ['--ledger', mode, '--ledger-events', events, '--unlabelled', 'exclude']);
      expect(run.summary, mode).toBe(builtin.summary);
      expect(run.manifest.corpus.episodes).toBe(2587);
      expect(run.manifest.pipelineHash).not.toBe(builtin.manifest.pipelineHash);
    }
  }, 240_000);

  it('the comparison can fail: an external ledger with no events at all gives a different summary (no guard loses nothing)', async () => {
    const none = join(scratch, 'none.jsonl');
    writeFileSync(
      none,
      `${sharedEpisodes()
        .map((e) => JSON.stringify({ id: e.id, events: [] }))
        .join('\n')}\n`,
    );
    const run = await calibrate('none', [
      '--ledger',
      'external',
      '--ledger-events',
      none,
      '--unlabelled',
      'exclude',
      '--methods',
      'no-guard',
    ]);
    const rows = JSON.parse(run.summary) as Array<{ method: string; meanLoss: number }>;
    expect(rows.every((r) => r.meanLoss === 0)).toBe(true);
    const before = (JSON.parse(builtin.summary) as Array<{ method: string; meanLoss: number }>).filter((r) => r.method === 'no-guard');
    expect(before.every((r) => r.meanLoss > 0)).toBe(true);
  }, 240_000);
});
