import { ORACLE_CASES } from '../packages/calibrate/test/fixtures/oracleCases.ts';
import { describeOracleCases } from './helpers/oracleSuite.ts';

// graph-braid (2,000 episodes × 5 selectors to replay) runs in calibrate-oracle.full.test.ts
describeOracleCases(ORACLE_CASES.filter((c) => c.corpus !== 'graph-braid'));
