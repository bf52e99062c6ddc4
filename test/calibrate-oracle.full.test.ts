import { describe, expect, it } from 'vitest';
import { ORACLE_CASES } from '../packages/calibrate/test/fixtures/oracleCases.ts';
import { ORACLE, runOracleCase } from '../packages/calibrate/test/fixtures/oracleRun.ts';

// the graph-braid cases of calibrate-oracle.test.ts (2,000 episodes × 5 selectors to replay)
const CASES = ORACLE_CASES.filter((c) => c.corpus === 'graph-braid');

describe('protocol on breakpoint tables reproduces the dense implementation byte for byte', () => {
  for (const c of CASES) {
    const frozen = ORACLE[c.name]!;
    it(`${c.name}: ${c.ledger} ledger, ${c.splits} splits${c.frontier ? ', default + frontier budgets' : ''}`, () => {
      const { res, sha256, episodes } = runOracleCase(c);
      expect(episodes).toBe(frozen.episodes);
      // readable rows first, so a mismatch names the method, budget and field
      if (frozen.summary) expect(res.summary).toEqual(frozen.summary);
      if (frozen.paired) expect(res.paired).toEqual(frozen.paired);
      expect(sha256).toBe(frozen.sha256);
    }, 120_000);
  }
});
