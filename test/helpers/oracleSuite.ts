import { describe, expect, it } from 'vitest';
import type { OracleCase } from '../../packages/calibrate/test/fixtures/oracleCases.ts';
import { ORACLE, runOracleCase } from '../../packages/calibrate/test/fixtures/oracleRun.ts';
import { hasShared } from './shared.ts';

/** The protocol on breakpoint tables against the frozen dense-implementation oracle, one test per case. */
export function describeOracleCases(cases: readonly OracleCase[]): void {
  describe('protocol on breakpoint tables reproduces the dense implementation byte for byte', () => {
    for (const c of cases) {
      const frozen = ORACLE[c.name]!;
      const skip = c.corpus === 'shared-sample' && !hasShared;
      if (skip) console.warn(`skipped ${c.name}: shared corpus not found beside the project (../shared)`);
      it.skipIf(skip)(`${c.name}: ${c.ledger} ledger, ${c.splits} splits${c.frontier ? ', default + frontier budgets' : ''}`, () => {
        const { res, sha256, episodes } = runOracleCase(c);
        expect(episodes).toBe(frozen.episodes);
        // readable rows first, so a mismatch names the method, budget and field
        if (frozen.summary) expect(res.summary).toEqual(frozen.summary);
        if (frozen.paired) expect(res.paired).toEqual(frozen.paired);
        expect(sha256).toBe(frozen.sha256);
      }, 120_000);
    }
  });
}
