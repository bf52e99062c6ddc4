import { ORACLE_CASES } from '../packages/calibrate/test/fixtures/oracleCases.ts';
import { describeOracleCases } from './helpers/oracleSuite.ts';

// the graph-braid cases of calibrate-oracle.test.ts (2,000 episodes × 5 selectors to replay)
describeOracleCases(ORACLE_CASES.filter((c) => c.corpus === 'graph-braid'));
