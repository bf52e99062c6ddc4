/**
 * The paper's printed cells, kept as printed (strings), so a comparison can be made at the
 * printed precision. Source: ../shared/papers/g-carb.md, App. G.1 Table 9 ("Fixed-threshold
 * CES evidence audit") and App. G.2 Table 10 ("Graph-braid sensitivity at α = .10").
 */

/** A Table 9 row as printed: L̄, path recall, false path, CtxRed. */
export interface PaperTable9Row {
  label: string;
  meanLoss: string;
  pathRecall: string;
  falsePath: string;
  ctxRed: string;
}

/** g-carb.md Table 9, keyed like table9.json; the row label is the paper's "Evidence" column. */
export const PAPER_TABLE9: Readonly<Record<string, PaperTable9Row>> = {
  'prov+text+': { label: 'Provenance +, text +', meanLoss: '.000', pathRecall: '1.000', falsePath: '.000', ctxRed: '.346' },
  'prov+text-': { label: 'Provenance +, text −', meanLoss: '.000', pathRecall: '1.000', falsePath: '.000', ctxRed: '.346' },
  'prov-text+': { label: 'Provenance −, text +', meanLoss: '.000', pathRecall: '1.000', falsePath: '.000', ctxRed: '.833' },
  'prov-text-': { label: 'Provenance −, text −', meanLoss: '.500', pathRecall: '.000', falsePath: '.000', ctxRed: '.846' },
};

/** Table 9's cell keys in the paper's row order. */
export const TABLE9_CELLS = ['prov+text+', 'prov+text-', 'prov-text+', 'prov-text-'] as const;

/** A Table 10 row as printed: the family's extrema over its conditions. */
export interface PaperTable10Row {
  family: string;
  label: string;
  conditions: number;
  maxMeanLoss: string;
  minHarmStop: string;
  maxBenignStop: string;
  ctxRedMin: string;
  ctxRedMax: string;
}

/** g-carb.md Table 10, in the paper's row order; `family` is table10.json's key, `label` the paper's "Sweep" column. */
export const PAPER_TABLE10: readonly PaperTable10Row[] = [
  {
    family: 'baseline',
    label: 'Baseline',
    conditions: 1,
    maxMeanLoss: '.000',
    minHarmStop: '1.000',
    maxBenignStop: '.000',
    ctxRedMin: '.471',
    ctxRedMax: '.471',
  },
  {
    family: 'prevalence',
    label: 'Harm prevalence',
    conditions: 4,
    maxMeanLoss: '.054',
    minHarmStop: '.400',
    maxBenignStop: '.000',
    ctxRedMin: '.471',
    ctxRedMax: '.472',
  },
  {
    family: 'benign-density',
    label: 'Benign density',
    conditions: 3,
    maxMeanLoss: '.000',
    minHarmStop: '1.000',
    maxBenignStop: '.000',
    ctxRedMin: '.471',
    ctxRedMax: '.471',
  },
  {
    family: 'score-noise',
    label: 'Score noise',
    conditions: 3,
    maxMeanLoss: '.097',
    minHarmStop: '.765',
    maxBenignStop: '.030',
    ctxRedMin: '.469',
    ctxRedMax: '.472',
  },
  {
    family: 'edge-dropout',
    label: 'Edge dropout',
    conditions: 3,
    maxMeanLoss: '.000',
    minHarmStop: '1.000',
    maxBenignStop: '.094',
    ctxRedMin: '.400',
    ctxRedMax: '.471',
  },
  {
    family: 'combined',
    label: 'Combined stress',
    conditions: 2,
    maxMeanLoss: '.080',
    minHarmStop: '.869',
    maxBenignStop: '.063',
    ctxRedMin: '.459',
    ctxRedMax: '.467',
  },
];

/** Issue 11's tolerance for Table 10: each family extremum within ±.02 of the printed one. */
export const TABLE10_TOLERANCE = 0.02;
