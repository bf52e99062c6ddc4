import { describe, expect, it } from 'vitest';
import type { DeployRow } from '@carb/calibrate';
import { degenerateDeployment, type DeploymentFacts } from '@carb/report';

const row = (alpha: number, n: number, stratum = 'all'): DeployRow => ({
  stratum,
  method: 'g-carb',
  alpha,
  n,
  lambda: 0.5,
  lambdaIndex: 51,
  guarantee: 'expectation',
  delta: null,
  pipelineHash: 'h',
});
const sound: DeploymentFacts = {
  strata: [{ stratum: 'all', episodes: 1000, nCal: 500, ledgerFired: 300, tasksCompleted: 400 }],
  calls: { total: 5000, untyped: 2500 },
  deploy: [row(0.05, 1000), row(0.1, 1000)],
};

describe('degenerateDeployment', () => {
  it('says nothing for a sound calibration (exactly half the calls untyped is not most)', () => {
    expect(degenerateDeployment(sound)).toEqual([]);
  });

  it('a ledger that never fired: λ̂ at the top of the grid, a gate that never stops (per stratum)', () => {
    const facts = {
      ...sound,
      strata: [
        { ...sound.strata[0]!, ledgerFired: 0 },
        { stratum: 'gpt-4o', episodes: 40, nCal: 20, ledgerFired: 0, tasksCompleted: 3 },
      ],
    };
    expect(degenerateDeployment(facts)).toEqual([
      'the ledger fired on 0 of 1,000 calibration episodes: every threshold meets every α, so λ̂ is the top of the grid (λ = 1), a gate that never stops; nothing is certified (check the ledger: --ledger-events, the tool typing)',
      'stratum gpt-4o: the ledger fired on 0 of 40 calibration episodes: every threshold meets every α, so λ̂ is the top of the grid (λ = 1), a gate that never stops; nothing is certified (check the ledger: --ledger-events, the tool typing)',
    ]);
  });

  it('most calls untyped: 2,501 of 5,000', () => {
    expect(degenerateDeployment({ ...sound, calls: { total: 5000, untyped: 2501 } })).toEqual([
      "most calls are to untyped tools: 2,501 of 5,000 proposals (50%) call a tool the pipeline's tool typing does not list, so the graph, scorer and ledger cannot tell sources from sinks; type them (carb tools init, carb tools check)",
    ]);
  });

  it('α < 1/(n + 1), with the n needed: α = .01 needs 99 (1/100 ≤ .01 < 1/99), α = .03 needs 33 (1/34 ≤ .03 < 1/33)', () => {
    // n = 98: 1/99 > .01, infeasible; n = 99 is enough. At the splits' n = 32, α = .03 fails (1/33 > .03), n = 33 passes
    const facts: DeploymentFacts = {
      ...sound,
      strata: [{ ...sound.strata[0]!, episodes: 98, nCal: 32 }],
      deploy: [row(0.01, 98), row(0.01, 98), row(0.03, 98), row(0.05, 98)],
    };
    expect(degenerateDeployment(facts)).toEqual([
      'α = .010 < 1/(n + 1) with n = 98 calibration episodes: no threshold can be certified (λ̂ infeasible, the gate stops every proposal); α = .010 needs n ≥ 99',
      "α = .030 < 1/(n + 1) with the splits' n = 32 calibration episodes: every split is infeasible, so the held-out columns at α = .030 are those of stopping everything; it needs n ≥ 33 per split",
    ]);
    expect(
      degenerateDeployment({ ...facts, strata: [{ ...facts.strata[0]!, episodes: 99, nCal: 99 }], deploy: [row(0.01, 99), row(0.03, 99)] }),
    ).toEqual([]);
    expect(degenerateDeployment({ ...facts, strata: [{ ...facts.strata[0]!, episodes: 99, nCal: 33 }], deploy: [row(0.03, 99)] })).toEqual(
      [],
    );
    // α = 1/10 exactly: n = 9 suffices (1/10 ≤ 1/10)
    expect(degenerateDeployment({ ...facts, strata: [{ ...facts.strata[0]!, nCal: 9 }], deploy: [row(0.1, 9)] })).toEqual([]);
  });

  it('no completed task in the pooled corpus: U is n/a', () => {
    expect(degenerateDeployment({ ...sound, strata: [{ ...sound.strata[0]!, tasksCompleted: 0 }] })).toEqual([
      'task outcomes absent: no calibration episode records a completed task, so U (autonomous success) is n/a: the U columns read .000 for want of outcomes, not because the gate blocks tasks',
    ]);
  });
});
