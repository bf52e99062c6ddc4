import { describe, expect, it } from 'vitest';
import type { DeployRow } from '@carb/calibrate';
import { deployLambdaLines } from '@carb/jobs';

const row = (method: string, alpha: number, lambda: number | null, stratum = 'all'): DeployRow =>
  ({
    stratum,
    method,
    alpha,
    n: 753,
    lambda,
    lambdaIndex: lambda === null ? -1 : Math.round(lambda * 100) + 1,
    guarantee: 'expectation',
    delta: null,
    pipelineHash: 'h',
  }) as unknown as DeployRow;

describe('deployLambdaLines', () => {
  it('one block per stratum: a line per method in method order, λ̂ per α, infeasible said as such', () => {
    const lines = deployLambdaLines([
      row('g-carb', 0.05, 0.58),
      row('full-prefix', 0.05, 0.54),
      row('g-carb', 0.025, null),
      row('full-prefix', 0.025, 0.44),
    ]);
    expect(lines).toEqual([
      'deploy λ̂ (deploy.json; stratum all, CRC in expectation, n = 753)',
      '                 α .025    α .050',
      'Full-prefix         .44       .54',
      'G-CARB       infeasible       .58',
    ]);
  });
});
