import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, carbPath } from '@carb/io';
import { DEFAULT_PARAMS } from '@carb/suites';
import { conditionHash, loadSweepSpec, type SweepSpec } from '../src/index.ts';

const gb = loadSweepSpec(carbPath('configs/sweeps/graph-braid-table10.json'));
const ces = loadSweepSpec(carbPath('configs/sweeps/ces-evidence-audit.json'));
const P = 'a'.repeat(64);
const V = '0.1.0';

function hashOf(spec: SweepSpec, name: string, pipeline = P, version = V): string {
  return conditionHash(
    spec,
    spec.conditions.find((c) => c.name === name)!,
    pipeline,
    version,
  );
}

describe('conditionHash', () => {
  it('is SHA-256 hex, distinct per condition', () => {
    const all = gb.conditions.map((c) => hashOf(gb, c.name));
    for (const h of all) expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(all).size).toBe(16);
  });

  it('changes with a generator parameter, the split seeds, α, the methods, the pipeline hash and the carb version', () => {
    const base = hashOf(gb, 'score-noise-.10');
    const withParam = (params: object): SweepSpec => ({
      ...gb,
      conditions: gb.conditions.map((c) => (c.name === 'score-noise-.10' ? { ...c, params: { ...c.params, ...params } } : c)),
    });
    expect(hashOf(withParam({ scoreNoise: 0.11 }), 'score-noise-.10')).not.toBe(base);
    expect(hashOf(withParam({ harm: 0.5 }), 'score-noise-.10')).not.toBe(base);
    const seeds: SweepSpec = {
      ...gb,
      conditions: gb.conditions.map((c) => (c.name === 'score-noise-.10' ? { ...c, splitSeeds: { ...c.splitSeeds, count: 19 } } : c)),
    };
    expect(hashOf(seeds, 'score-noise-.10')).not.toBe(base);
    expect(hashOf({ ...gb, alpha: '.05' }, 'score-noise-.10')).not.toBe(base);
    expect(hashOf({ ...gb, methods: ['g-carb'] }, 'score-noise-.10')).not.toBe(base);
    expect(hashOf(gb, 'score-noise-.10', 'b'.repeat(64))).not.toBe(base);
    expect(hashOf(gb, 'score-noise-.10', P, '0.1.1')).not.toBe(base);
  });

  it('does not change with the description, the spec name, the condition order, α spelling or a parameter written at its default', () => {
    const base = hashOf(gb, 'score-noise-.10');
    expect(hashOf({ ...gb, description: 'another text', name: 'renamed' }, 'score-noise-.10')).toBe(base);
    expect(hashOf({ ...gb, conditions: [...gb.conditions].reverse() }, 'score-noise-.10')).toBe(base);
    expect(hashOf({ ...gb, alpha: '0.1' }, 'score-noise-.10')).toBe(base);
    const explicit: SweepSpec = {
      ...gb,
      conditions: gb.conditions.map((c) =>
        c.name === 'score-noise-.10' ? { ...c, params: { ...c.params, harm: 0.4, edgeDropout: 0 } } : c,
      ),
    };
    expect(hashOf(explicit, 'score-noise-.10')).toBe(base);
  });

  it('hashes exactly the frozen config: an independent canonical JSON of the baseline gives the same digest', () => {
    // written out by hand from the spec (App. G.2 baseline): every parameter at DEFAULT_PARAMS of @carb/suites
    const frozen = {
      mode: 'recalibrate',
      alpha: '1/10',
      methods: ['no-guard', 'g-carb'],
      primary: 'g-carb',
      condition: {
        name: 'baseline',
        family: 'baseline',
        suite: 'graph-braid',
        cohort: null,
        seed: 0,
        params: { ...DEFAULT_PARAMS },
        splitSeeds: { first: 20260609, count: 20 },
      },
      calibrateOn: null,
      ledger: null,
      pipelineHash: P,
      carbVersion: V,
    };
    expect(hashOf(gb, 'baseline')).toBe(createHash('sha256').update(canonicalJson(frozen)).digest('hex'));
  });

  it('fixed-threshold: changes with the calibrateOn cell and the ledger twin, not with which cell is listed first', () => {
    const base = hashOf(ces, 'prov-text-');
    const calibrateOn: SweepSpec = { ...ces, calibrateOn: 'prov+text+' };
    expect(hashOf(calibrateOn, 'prov-text-')).not.toBe(base);
    expect(hashOf({ ...ces, ledgerTwin: {} }, 'prov-text-')).not.toBe(base);
    expect(hashOf({ ...ces, conditions: [...ces.conditions].reverse() }, 'prov-text-')).toBe(base);
  });
});
