import type { DeployRow } from '@carb/calibrate';

/** A summary.json row as deployDiff reads it: the held-out estimates at one method × α × stratum. */
export interface HeldOut {
  stratum?: string;
  guarantee?: string;
  method: string;
  alpha: number;
  meanLoss: number;
  intervention: number;
  utility: number;
}

const key = (r: { stratum?: string; guarantee?: string; method: string; alpha: number }) =>
  `${r.stratum ?? 'all'}\u0000${r.guarantee ?? 'expectation'}\u0000${r.method}\u0000${r.alpha}`;
const lam = (r: DeployRow | undefined) => (r === undefined ? 'absent' : r.lambda === null ? 'infeasible' : String(r.lambda));
const est = (h: HeldOut | undefined) =>
  h === undefined ? 'no held-out estimate' : `L̄ ${h.meanLoss.toFixed(3)} I ${h.intervention.toFixed(3)} U ${h.utility.toFixed(3)}`;

/**
 * One line per method × α × stratum (× guarantee) of either deploy.json: λ in a and in b
 * (changed or not) with each calibration's held-out split means from its summary.json, in
 * b's row order then rows only a has.
 */
export function deployDiff(
  a: readonly DeployRow[],
  b: readonly DeployRow[],
  heldA: readonly HeldOut[],
  heldB: readonly HeldOut[],
): { lines: string[]; changed: number } {
  const ia = new Map(a.map((r) => [key(r), r]));
  const ib = new Map(b.map((r) => [key(r), r]));
  const ha = new Map(heldA.map((r) => [key(r), r]));
  const hb = new Map(heldB.map((r) => [key(r), r]));
  const keys = [...new Set([...b.map(key), ...a.map(key)])];
  let changed = 0;
  const lines = keys.map((k) => {
    const ra = ia.get(k);
    const rb = ib.get(k);
    const r = (rb ?? ra)!;
    const same = ra !== undefined && rb !== undefined && ra.lambdaIndex === rb.lambdaIndex;
    if (!same) changed++;
    const what = `${r.method} α ${r.alpha} stratum ${r.stratum}${r.guarantee === 'expectation' ? '' : ` ${r.guarantee}${r.delta === null ? '' : ` δ ${r.delta}`}`}`;
    return `${same ? '  ' : '* '}${what}: λ ${lam(ra)} → ${lam(rb)} (a: n ${ra?.n ?? '–'}, ${est(ha.get(k))}; b: n ${rb?.n ?? '–'}, ${est(hb.get(k))})`;
  });
  return { lines, changed };
}
