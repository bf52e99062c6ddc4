import type { AuditReport } from '../runAudit.ts';

/**
 * The `carb audit --json` object: the detectability diagnostics on the state-dependent split
 * (dAction, dState, srg, mcnemarP, cas, wilson) and, per guardrail, rr {overall, s, ar, sd},
 * fpr, admission, ovr, tsr; the state auditor against the construction labels (kappa, null when
 * undefined, and per-stratum recall / specificity). Rates are null where the split is empty.
 */
export function summaryJson(report: AuditReport): object {
  const sd = report.gain.state_dependent;
  return {
    items: report.items,
    auditor: report.auditor,
    actionEvaluator: report.actionEvaluator,
    dAction: sd?.dAction.rate ?? null,
    dState: sd?.dState.rate ?? null,
    srg: sd?.srg ?? null,
    mcnemarP: sd?.mcnemarP ?? null,
    cas: report.cas.rate,
    wilson: sd === undefined ? null : { dAction: sd.wilson.dAction, dState: sd.wilson.dState },
    kappa: report.agreement.kappa,
    ...(report.agreement.kappaWithBuiltIn === null ? {} : { kappaWithBuiltIn: report.agreement.kappaWithBuiltIn }),
    strata: Object.fromEntries(
      Object.entries(report.agreement.strata).map(([r, a]) => [r, { recall: a.recall.rate, specificity: a.specificity.rate }]),
    ),
    guardrails: report.guardrails.map((g) => ({
      name: g.name,
      rr: { overall: g.rr.overall.rate, s: g.rr.s.rate, ar: g.rr.ar.rate, sd: g.rr.sd.rate },
      fpr: g.benign.fpr.rate,
      admission: g.benign.admission,
      ovr: g.ovr.rate,
      tsr: g.tsr.rate,
    })),
  };
}
