import type { AuditReport } from '../runAudit.ts';

/**
 * The `carb audit --json` object: the detectability diagnostics on the state-dependent split
 * (dAction, dState, srg, mcnemarP, cas, wilson) and, per guardrail, rr {overall, s, ar, sd},
 * fpr, admission, ovr, tsr. Rates are null where the split is empty.
 */
export function summaryJson(report: AuditReport): object {
  const sd = report.gain.state_dependent;
  return {
    items: report.items,
    auditor: report.auditor,
    dAction: sd?.dAction.rate ?? null,
    dState: sd?.dState.rate ?? null,
    srg: sd?.srg ?? null,
    mcnemarP: sd?.mcnemarP ?? null,
    cas: report.cas.rate,
    wilson: sd === undefined ? null : { dAction: sd.wilson.dAction, dState: sd.wilson.dState },
    kappa: report.agreement.kappa,
    ...(report.agreement.kappaWithBuiltIn === null ? {} : { kappaWithBuiltIn: report.agreement.kappaWithBuiltIn }),
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
