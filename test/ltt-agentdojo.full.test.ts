import { lttAgentDojoSuite } from './helpers/lttAgentDojo.ts';

// Every method calibrated on the union ledger, each on its own selector's table.
lttAgentDojoSuite(['ledger-current', 'full-prefix', 'fixed-window-4', 'equal-size-random', 'g-carb']);
