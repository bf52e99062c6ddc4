import { describe, expect, it } from 'vitest';
import { ORACLE_CASES } from '../packages/calibrate/test/fixtures/oracleCases.ts';
import { referenceCrcForCase } from '../packages/calibrate/test/fixtures/oracleRun.ts';
import { crcRows } from '../packages/calibrate/test/fixtures/crcRows.ts';
import { describeOracleCases } from './helpers/oracleSuite.ts';
import { hasShared } from './helpers/shared.ts';

// the graph-braid cases of calibrate-oracle.test.ts (2,000 episodes × 5 selectors to replay)
describeOracleCases(ORACLE_CASES.filter((c) => c.corpus === 'graph-braid'));

// protocol-crc-rows.json is the reference's output, not an edited file: every case re-derived equals it
describe('protocol-crc-rows.json is what the independent CRC reference derives', () => {
  const file = crcRows();
  for (const c of ORACLE_CASES) {
    it.skipIf(c.corpus === 'shared-sample' && !hasShared)(
      c.name,
      () => {
        expect(referenceCrcForCase(c)).toEqual(file[c.name]);
      },
      120_000,
    );
  }
});
