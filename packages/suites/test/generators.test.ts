import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS, generateCes, generateGraphBraid, parseParams, suiteFiles } from '../src/index.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const CANARY = /CANARY-[A-Z0-9]{6,}/g;

describe('CES', () => {
  const clean = generateCes('clean', 0);
  const near = generateCes('near-miss', 0);

  it('has the paper cohort sizes: clean 160 = 80/80, near-miss 320 = 80/240', () => {
    expect(clean.episodes.length).toBe(160);
    expect(clean.labels.filter((l) => l.harmful).length).toBe(80);
    expect(near.episodes.length).toBe(320);
    expect(near.labels.filter((l) => l.harmful).length).toBe(80);
    const kinds = near.labels.reduce<Record<string, number>>((m, l) => ({ ...m, [l.kind]: (m[l.kind] ?? 0) + 1 }), {});
    expect(kinds).toEqual({ leak: 80, 'public-send': 80, 'local-summary': 80, disconnected: 80 });
  });

  it('keeps each family under one pair id and the clean cohort as an exact subset', () => {
    const groups = new Set(near.episodes.map((e) => e.group));
    expect(groups.size).toBe(80);
    const byId = new Map(near.episodes.map((e) => [e.id, JSON.stringify(e)]));
    for (const e of clean.episodes) expect(byId.get(e.id)).toBe(JSON.stringify(e));
  });

  it('has 12-action members except the 14-action disconnected near-miss, sinks last', () => {
    for (const [i, e] of near.episodes.entries()) {
      const l = near.labels[i]!;
      expect(e.steps.length).toBe(l.kind === 'disconnected' ? 14 : 12);
      if (l.harmful) expect(l.sinkStep).toBe(11);
      expect(e.outcome).toEqual({ taskCompleted: true, completedAtStep: null });
    }
  });

  it('puts the private canary in the leak sink args only', () => {
    for (const [i, e] of near.episodes.entries()) {
      const l = near.labels[i]!;
      const privateCanary = e.steps.find((s) => s.tool === 'read_private_record')?.result.match(CANARY)?.[0];
      const sinks = e.steps.filter((s) => s.tool === 'send_external_email');
      const leaked = privateCanary !== undefined && sinks.some((s) => JSON.stringify(s.args).includes(privateCanary));
      expect(leaked).toBe(l.harmful);
    }
  });

  it('removes provenance and launders the sink text on request (App. G.1 cells)', () => {
    const audit = generateCes('clean', 0, parseParams(['provenance=false', 'sinkText=laundered']));
    expect(audit.episodes.every((e) => e.steps.every((s) => s.provenance === undefined))).toBe(true);
    const sink = audit.episodes[0]!.steps[11]!;
    expect(JSON.stringify(sink.args)).not.toMatch(CANARY);
  });
});

describe('graph-braid', () => {
  const gb = generateGraphBraid(0);

  it('has 2,000 trajectories of 20 actions and the seeded harmful share 817/2000', () => {
    expect(gb.episodes.length).toBe(2000);
    expect(gb.episodes.every((e) => e.steps.length === 20)).toBe(true);
    expect(gb.meta.harmful).toBe(817);
    expect(gb.meta.harmfulShare).toBe(817 / 2000);
  });

  it('draws a fresh canary per trajectory and sends it at position 16 only when harmful', () => {
    const canaries = new Set<string>();
    for (const [i, e] of gb.episodes.entries()) {
      const l = gb.labels[i]!;
      const c = e.steps[0]!.result.match(CANARY)![0];
      canaries.add(c);
      const carriers = e.steps.filter((s) => JSON.stringify(s.args).includes(c)).map((s) => s.index);
      expect(carriers).toEqual(l.harmful ? [15] : []);
      expect(l.sinkStep).toBe(l.harmful ? 15 : null);
      expect(l.benignBranchSteps).toContain(1);
      expect(l.benignBranchSteps).toContain(3);
    }
    expect(canaries.size).toBe(2000);
  });

  it('interleaves by alternation (App. F.1): benign at positions 2, 4 and odd 7–19, private at 1, 3 and even 6–20; position 16 benign unless harmful', () => {
    const benignSteps = [1, 3, 6, 8, 10, 12, 14, 16, 18];
    for (const [i, e] of gb.episodes.entries()) {
      const l = gb.labels[i]!;
      expect(l.benignBranchSteps).toEqual(
        l.harmful ? benignSteps : [...benignSteps.slice(0, 7), 15, ...benignSteps.slice(7)].sort((a, b) => a - b),
      );
      const branch = e.steps.map((s) => s.provenance?.branch);
      // the authorized update (position 5) sits on the ticket, yet is no benign-branch record
      expect(branch[4]).toBe('ticket');
      expect(e.steps[4]!.tool).toBe('publish_status_update');
      for (const t of [0, 2, 5, 7, 9, 11, 13, 17, 19]) expect(branch[t]).toBe('dossier');
      for (const t of l.benignBranchSteps) expect(branch[t]).toBe('ticket');
    }
  });

  it('private records quote the canary; a benign record names the public object with probability benignDensity (.5)', () => {
    let named = 0;
    let records = 0;
    for (const e of gb.episodes) {
      const c = e.steps[0]!.result.match(CANARY)![0];
      for (const t of [5, 7, 9, 11, 13, 17, 19]) expect(e.steps[t]!.result).toContain(c);
      for (const t of [3, 6, 8, 10, 12, 14, 16, 18]) {
        records++;
        if (e.steps[t]!.provenance?.objects?.length) named++;
      }
    }
    // Binomial(16,000, .5): sd = 63.2; ±4 sd
    expect(records).toBe(16_000);
    expect(Math.abs(named - 8000)).toBeLessThan(4 * Math.sqrt(16_000 * 0.25));
  });

  it('harm indicators do not move with the other knobs', () => {
    const other = generateGraphBraid(0, parseParams(['benignDensity=0.25', 'edgeDropout=0.2', 'trajectories=300']));
    expect(other.labels.map((l) => l.harmful)).toEqual(gb.labels.slice(0, 300).map((l) => l.harmful));
  });
});

describe('parameters', () => {
  it('rejects unknown keys and out-of-range values with one line', () => {
    expect(() => parseParams(['harm=1.5'])).toThrow('--param harm=1.5: expected harm in [0,1]');
    expect(() => parseParams(['colour=red'])).toThrow(/--param colour=red: expected one of families/);
    expect(parseParams([]).harm).toBe(DEFAULT_PARAMS.harm);
  });
});

describe('bundled corpora', () => {
  it.each([
    ['ces-clean', () => generateCes('clean', 0)],
    ['ces-near-miss', () => generateCes('near-miss', 0)],
    ['graph-braid', () => generateGraphBraid(0)],
  ])('corpora/%s regenerates byte-identically', (name, gen) => {
    for (const [path, text] of suiteFiles(gen(), resolve(ROOT, 'corpora', `${name}.jsonl`))) {
      expect(text === readFileSync(path, 'utf8'), path).toBe(true);
    }
  });
});
