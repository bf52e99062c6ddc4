import type { SummaryRow } from '@carb/calibrate';
import { renderMarkdownTable } from './markdown.ts';

/** Metric → meaning, in the paper's words (§5 Metrics, App. D.2–D.3). */
const DEFINITIONS: ReadonlyArray<readonly [string, string]> = [
  [
    'L̄ (mean episode loss)',
    'The fraction of test episodes with a ledger event before stopping: the declared harm ledger evaluated on the executed prefix the gate permits. The primary safety metric, the one α bounds.',
  ],
  ['I (intervention)', 'The fraction of test episodes in which the gate rejects a proposal (hands control to a human or a sandbox).'],
  [
    'U (autonomous success)',
    'The fraction of test episodes whose logged task completes before handoff; completion can coexist with a ledger event.',
  ],
  [
    'r (executed-step rate)',
    'An indicator that harm occurred, divided by the number of permitted actions (zero for an empty prefix). Executed-step CRC calibrates its running maximum; a small r can hide a large L̄ (Proposition 1).',
  ],
  [
    'CtxRed (scorer-input reduction)',
    'The fraction of records omitted from the scorer’s input: one minus selected over full-prefix record counts, summed over the same proposals, including the first rejected one (Eq. 2). A record count, not tokens or runtime.',
  ],
  ['Harm stop', 'The fraction of harmful sinks prevented from executing, including prevention by an earlier rejection.'],
  [
    'Benign stop',
    'CES: stopped non-leak trajectories over all held-out non-leak trajectories. Graph-braid: trajectories whose first rejection is on a disconnected benign branch, over all held-out trajectories.',
  ],
  [
    'λ̂ (threshold)',
    'The largest grid value whose corrected calibration risk (1 + Σ L)/(n + 1) is at most α (Eq. 1); a proposal is rejected exactly when its score q > λ. λ⊥ stops everything.',
  ],
  [
    '[p5,p95], min/median/max',
    'Spread over the seeded calibration/test assignments of the same corpus: assignment sensitivity, not confidence intervals.',
  ],
  ['Feasible k/S', 'Splits (of S) in which some grid value meets Eq. 1; below α = 1/(n_cal + 1) none does and the gate stops everything.'],
];

/**
 * A "Definitions" table of the metrics on the page; harm and benign stop only when the
 * run measured them (constructed suites with labels).
 */
export function definitionsMarkdown(rows: readonly SummaryRow[]): string {
  const labelled = rows.some((r) => r.harmStop != null || r.benignStop != null);
  const shown = DEFINITIONS.filter(([k]) => labelled || (k !== 'Harm stop' && k !== 'Benign stop'));
  return `## Definitions\n\n${renderMarkdownTable({ header: ['Metric', 'Meaning'], align: ['left', 'left'], rows: shown.map(([k, v]) => [k, v]) })}`;
}
