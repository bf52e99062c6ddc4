import { lttAgentDojoSuite } from './helpers/lttAgentDojo.ts';

// G-CARB on each shared model (`npm test`); every ledger-calibrated method in ltt-agentdojo.full.test.ts.
lttAgentDojoSuite(['g-carb']);
