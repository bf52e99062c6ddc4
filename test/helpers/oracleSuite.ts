import { describe, expect, it } from 'vitest';
import type { SplitResult } from '@carb/calibrate';
import type { OracleCase } from '../../packages/calibrate/test/fixtures/oracleCases.ts';
import { ORACLE, runOracleCase } from '../../packages/calibrate/test/fixtures/oracleRun.ts';
import { crcRows, type CrcCase } from '../../packages/calibrate/test/fixtures/crcRows.ts';
import { hasShared } from './shared.ts';

/**
 * runProtocol's λ̂ and held-out loss equal the independent reference's rows exactly, split by split.
 * Both list the loss-calibrated methods in order, then the budgets as given (a frontier repeats the
 * default budgets), then the splits, so row i is the i-th run of `splits` results.
 */
function expectCrcRows(res: readonly SplitResult[], crc: CrcCase, splits: number): void {
  const calibrated = res.filter((r) => r.method !== 'no-guard' && r.method !== 'executed-step-crc');
  expect(calibrated.length).toBe(crc.rows.length * splits);
  crc.rows.forEach((row, i) => {
    const cells = calibrated.slice(i * splits, (i + 1) * splits);
    const where = `${row.method} at α = ${row.alpha}`;
    expect(
      cells.map((r) => `${r.method} ${r.alphaText} ${r.split}`),
      where,
    ).toEqual(cells.map((_, s) => `${row.method} ${row.alpha} ${s}`));
    expect(
      cells.map((r) => r.lambdaIndex),
      where,
    ).toEqual(row.lambdaIndex);
    // the loss is a count of 1/D units over the test fold; comparing the count is exact (a float's rounding
    // error is far below half a unit, one episode more or less is a whole unit)
    expect(
      cells.map((r, s) => Math.round(r.loss * crc.D * crc.testEpisodes[s]!)),
      where,
    ).toEqual(row.lossUnits);
  });
}

/** The protocol on breakpoint tables against the independent CRC reference and the frozen dense-implementation rows, one test per case. */
export function describeOracleCases(cases: readonly OracleCase[]): void {
  describe("protocol on breakpoint tables: the independent CRC reference row for row, the dense implementation's summary", () => {
    const reference = crcRows();
    for (const c of cases) {
      const frozen = ORACLE[c.name]!;
      const crc = reference[c.name]!;
      const skip = c.corpus === 'shared-sample' && !hasShared;
      if (skip) console.warn(`skipped ${c.name}: shared corpus not found beside the project (../shared)`);
      it.skipIf(skip)(
        `${c.name}: ${c.ledger} ledger, ${c.splits} splits${c.frontier ? ', default + frontier budgets' : ''}`,
        () => {
          const { res, episodes } = runOracleCase(c);
          expect(episodes).toBe(crc.episodes);
          expect(episodes).toBe(frozen.episodes);
          expectCrcRows(res.splitResults, crc, c.splits);
          // the rest of each row (stops, utility, CtxRed, paired differences): as the dense implementation had them
          if (frozen.summary) expect(res.summary).toEqual(frozen.summary);
          if (frozen.paired) expect(res.paired).toEqual(frozen.paired);
        },
        120_000,
      );
    }
  });
}
