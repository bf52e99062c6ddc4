import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { carbPath } from '@carb/io';
import { loadSweepSpec } from '../src/index.ts';

const GRAPH_BRAID = carbPath('configs/sweeps/graph-braid-table10.json');
const CES = carbPath('configs/sweeps/ces-evidence-audit.json');
const dir = mkdtempSync(join(tmpdir(), 'carb-sweep-spec-'));

/** The keys of a spec file the variants edit; values of any JSON type (refusing them is the point). */
interface SpecFile {
  conditions: Array<Record<string, unknown> & { params: Record<string, unknown> }>;
  calibrateOn?: unknown;
  alpha?: unknown;
  primary?: unknown;
  mode?: unknown;
  ledgerTwin?: unknown;
}

/** The CES audit spec with one change, written to a scratch file. */
function variant(name: string, change: (spec: SpecFile) => void): string {
  const spec = JSON.parse(readFileSync(CES, 'utf8')) as SpecFile;
  change(spec);
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(spec));
  return file;
}

/** The error message of loading `file` (fails the test when it loads). */
function refusal(file: string): string {
  try {
    loadSweepSpec(file);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error(`${file} loaded; expected a refusal`);
}

describe('loadSweepSpec refuses a bad spec in one line naming the file and the key', () => {
  it('an unknown key', () => {
    const file = variant('bad-key', (s) => {
      s.conditions[2]!.sede = 3;
    });
    const msg = refusal(file);
    expect(msg.split('\n')).toHaveLength(1);
    expect(msg).toMatch(new RegExp(`^${file.replace(/[.+]/g, '\\$&')}: /conditions/2/sede: unknown key .*did you mean "seed"\\?$`));
  });

  it('a removed generator parameter (updateOnBenignBranch)', () => {
    const file = variant('removed-param', (s) => {
      s.conditions[0]!.params.updateOnBenignBranch = 0.1;
    });
    const msg = refusal(file);
    expect(msg.split('\n')).toHaveLength(1);
    expect(msg).toContain(`${file}: /conditions/0/params/updateOnBenignBranch: unknown key`);
  });

  it('a duplicate condition name', () => {
    const file = variant('duplicate', (s) => {
      s.conditions[3]!.name = 'prov+text+';
    });
    const msg = refusal(file);
    expect(msg.split('\n')).toHaveLength(1);
    expect(msg).toBe(
      `${file}: /conditions/3/name: expected a name unique within the spec, found string "prov+text+" (also /conditions/0/name)`,
    );
  });

  it('calibrateOn naming no condition', () => {
    const file = variant('calibrate-on', (s) => {
      s.calibrateOn = 'prov+text?';
    });
    const msg = refusal(file);
    expect(msg.split('\n')).toHaveLength(1);
    expect(msg).toMatch(
      new RegExp(
        `^${file.replace(/[.+]/g, '\\$&')}: /calibrateOn: expected the name of a condition \\(prov\\+text\\+, .*\\), found string "prov\\+text\\?"$`,
      ),
    );
  });

  it('a parameter out of range', () => {
    const file = variant('range', (s) => {
      s.conditions[1]!.params.harm = 1.5;
    });
    const msg = refusal(file);
    expect(msg.split('\n')).toHaveLength(1);
    expect(msg).toBe(`${file}: /conditions/1/params/harm: expected a number <= 1, found number 1.5`);
  });

  it('too few units for non-empty folds', () => {
    // 3 families keep ⌊3·3/10⌋ = 0 pairs per fold; the fixed-threshold check then also names the size mismatch
    const file = variant('tiny', (s) => {
      s.conditions[0]!.params.families = 3;
    });
    expect(refusal(file)).toContain(
      '/conditions/0/params/families: expected enough families for calibration and test folds of at least one unit each (≥ 4), found 3',
    );
  });

  it('a non-integer family count', () => {
    const file = variant('families', (s) => {
      s.conditions[0]!.params.families = 2.5;
    });
    expect(refusal(file)).toBe(`${file}: /conditions/0/params/families: expected an integer, found number 2.5`);
  });

  it('an α that is not a budget, and a primary outside the methods', () => {
    const file = variant('alpha', (s) => {
      s.alpha = '1.5';
      s.primary = 'full-prefix';
    });
    const lines = refusal(file).split('\n');
    expect(lines).toEqual([
      `${file}: /alpha: expected a budget in [0, 1], found string "1.5"`,
      `${file}: /primary: expected one of the spec's methods (g-carb), found string "full-prefix"`,
    ]);
  });

  it('calibrateOn in a recalibrate spec', () => {
    const file = variant('mode', (s) => {
      s.mode = 'recalibrate';
      delete s.ledgerTwin;
    });
    expect(refusal(file)).toBe(
      `${file}: /calibrateOn: expected no calibrateOn in mode recalibrate (each condition calibrates itself), found string "prov+text-"`,
    );
  });
});

describe('the shipped specs', () => {
  it('graph-braid-table10: 16 recalibrated conditions at α .10 with split seeds 20260609 + 100c … + 19 (App. G.2)', () => {
    const spec = loadSweepSpec(GRAPH_BRAID);
    expect(spec.name).toBe('graph-braid-table10');
    expect(spec.mode).toBe('recalibrate');
    expect(spec.alpha).toBe('.10');
    expect(spec.pipeline).toBe('configs/pipelines/default.json');
    expect(spec.conditions).toHaveLength(16);
    spec.conditions.forEach((c, k) => {
      expect(c.splitSeeds).toEqual({ first: 20260609 + 100 * k, count: 20 });
      expect(c.suite).toBe('graph-braid');
      expect(c.seed).toBe(0);
    });
    // the paper's levels, in its order (App. G.2)
    expect(spec.conditions.map((c) => [c.family, c.params])).toEqual([
      ['baseline', {}],
      ['prevalence', { harm: 0.1 }],
      ['prevalence', { harm: 0.2 }],
      ['prevalence', { harm: 0.6 }],
      ['prevalence', { harm: 0.8 }],
      ['benign-density', { benignDensity: 0.25 }],
      ['benign-density', { benignDensity: 0.75 }],
      ['benign-density', { benignDensity: 0.9 }],
      ['score-noise', { scoreNoise: 0.05 }],
      ['score-noise', { scoreNoise: 0.1 }],
      ['score-noise', { scoreNoise: 0.2 }],
      ['edge-dropout', { edgeDropout: 0.05 }],
      ['edge-dropout', { edgeDropout: 0.1 }],
      ['edge-dropout', { edgeDropout: 0.2 }],
      ['combined', { harm: 0.6, scoreNoise: 0.1, edgeDropout: 0.1 }],
      ['combined', { harm: 0.8, scoreNoise: 0.2, edgeDropout: 0.2 }],
    ]);
    expect(spec.description).toContain('does not list the two combined conditions');
  });

  it('ces-evidence-audit: 4 fixed-threshold cells of 80 pairs, seeds 0–99, calibrated on prov+/text− (App. G.1)', () => {
    const spec = loadSweepSpec(CES);
    expect(spec.mode).toBe('fixed-threshold');
    expect(spec.calibrateOn).toBe('prov+text-');
    expect(spec.ledgerTwin).toEqual({ sinkText: 'exact' });
    expect(spec.conditions.map((c) => [c.name, c.params.provenance, c.params.sinkText])).toEqual([
      ['prov+text+', true, 'exact'],
      ['prov+text-', true, 'laundered'],
      ['prov-text+', false, 'exact'],
      ['prov-text-', false, 'laundered'],
    ]);
    for (const c of spec.conditions) {
      expect(c).toMatchObject({
        family: c.name,
        suite: 'ces',
        cohort: 'clean',
        seed: 0,
        params: { families: 80 },
        splitSeeds: { first: 0, count: 100 },
      });
    }
  });
});
