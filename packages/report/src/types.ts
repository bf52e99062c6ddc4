import type { SummaryRow } from '@carb/calibrate';

/** Table 6 rows come from the calibration engine. */
export type { PairedDiff } from '@carb/calibrate';

/** Rows of one backbone / corpus / cohort, labelled as in the paper's first column. */
export interface LabeledRows<R = SummaryRow> {
  label: string;
  rows: R[];
}
