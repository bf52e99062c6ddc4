import { readFileSync } from 'node:fs';
import type { Pipeline } from '@carb/pipeline';
import type { PairedDiff, SummaryRow } from '@carb/calibrate';

/** A SummaryRow with neutral defaults; tests set only the cells they assert. */
export function row(method: string, alpha: number, cells: Partial<SummaryRow> = {}): SummaryRow {
  return {
    method,
    alpha,
    splits: 200,
    feasible: 200,
    meanLoss: 0,
    lossP5: 0,
    lossP95: 0,
    intervention: 0,
    interventionP5: 0,
    interventionP95: 0,
    utility: 0,
    utilityP5: 0,
    utilityP95: 0,
    stepRate: 0,
    ctxRed: null,
    harmStop: null,
    benignStop: null,
    lambdaMin: null,
    lambdaMedian: null,
    lambdaMax: null,
    ...cells,
  };
}

export function diff(alpha: number, d: number[]): PairedDiff {
  const [dLoss, dLossP5, dLossP95, dIntervention, dInterventionP5, dInterventionP95, dUtility, dUtilityP5, dUtilityP95] = d as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return {
    method: 'g-carb',
    reference: 'full-prefix',
    alpha,
    splits: 200,
    dLoss,
    dLossP5,
    dLossP95,
    dIntervention,
    dInterventionP5,
    dInterventionP95,
    dUtility,
    dUtilityP5,
    dUtilityP95,
  };
}

/** Paper cell → number (".133" → 0.133, "–" → null). */
export function num(cell: string): number | null {
  return cell === '–' ? null : Number(cell.replace(/^(-?)\./, '$10.'));
}

/**
 * A deterministic nudge smaller than half the last printed digit, so a golden test also
 * checks rounding, not only that exact decimals print back.
 */
export function nudge(x: number, i: number, digits = 3): number {
  const half = 0.5 * 10 ** -digits;
  return x + ((i % 2 === 0 ? 0.6 : -0.6) * half * ((i % 3) + 1)) / 3;
}

/**
 * The default pipeline config with a small inline tool typing: the typing files are
 * maintained elsewhere and their content is not what these tests are about.
 */
export function pipelineFixture(): Pipeline {
  const raw = JSON.parse(readFileSync(new URL('../../../configs/pipelines/default.json', import.meta.url), 'utf8')) as Pipeline;
  return {
    ...raw,
    toolTyping: { send_email: ['external_sink', 'message_social'], read_file: ['private_source'], send_money: ['financial'] },
  };
}
