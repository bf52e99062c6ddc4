import type { AuditReport, BlockRates, HumanAgreement, MajorityAgreement, ProbeRow, Proportion } from './index.ts';

const two = (x: number | null | undefined) => (x === null || x === undefined ? '—' : x.toFixed(2));
const share = (p: Proportion) => `${two(p.rate)} (${p.count}/${p.n})`;
const kappa = (k: number | null) => (k === null ? 'undefined' : k.toFixed(2));
const STRATA = [
  ['short_local', 'S'],
  ['action_revealing', 'AR'],
  ['state_dependent', 'SD'],
] as const;

function majorityLine(name: string, m: MajorityAgreement): string {
  return m.n === 0
    ? `${name}: no items with a majority label`
    : `${name}: κ ${kappa(m.kappa)} (n ${m.n}), recall ${share(m.recall)}, specificity ${share(m.specificity)}`;
}

/** The summary lines `carb audit` prints above Table 1. */
export function auditLines(
  itemsFile: string,
  report: AuditReport,
  extras: { contextOnlyCheck?: BlockRates; human?: HumanAgreement; probe?: ProbeRow[] },
): string[] {
  const sd = report.gain.state_dependent;
  const lines = [
    `${itemsFile}: ${report.items} items; state auditor ${report.auditor}; action-local evaluator ${report.actionEvaluator}`,
    sd === undefined
      ? 'no state-dependent risky items'
      : `SD: D_action ${two(sd.dAction.rate)} [${sd.wilson.dAction.map(two).join(', ')}], D_state ${two(sd.dState.rate)} [${sd.wilson.dState.map(two).join(', ')}], SRG ${two(sd.srg)}, McNemar p ${sd.mcnemarP.toExponential(1)}`,
    `CAS ${share(report.cas)} on matched twins`,
    `state auditor vs construction labels: κ ${kappa(report.agreement.kappa)}; ${STRATA.map(([r, n]) => `${n} recall ${share(report.agreement.strata[r].recall)}, specificity ${share(report.agreement.strata[r].specificity)}`).join('; ')}`,
  ];
  const c = extras.contextOnlyCheck;
  if (c)
    lines.push(
      `context-only baseline (sanity check, gap ≤ 0.10): detection ${share(c.detection)}, false alarms ${share(c.falseAlarm)}, gap ${two(c.gap)}${c.gap !== null && c.gap > 0.1 ? ' — the context gives the label away' : ''}`,
    );
  const h = extras.human;
  if (h) {
    lines.push(
      `annotations: ${h.annotators.length} annotators on ${h.annotated} items; inter-annotator ${h.interAnnotator.method === 'none' ? 'κ undefined (one annotator)' : `${h.interAnnotator.method === 'cohen' ? "Cohen's" : "Fleiss'"} κ ${kappa(h.interAnnotator.kappa)} (n ${h.interAnnotator.items})`}; ${h.ties} ties without a majority`,
    );
    lines.push(majorityLine('state auditor vs human majority', h.overall));
    for (const [r, n] of STRATA) lines.push(majorityLine(`  ${n}`, h.strata[r]));
  }
  if (extras.probe) {
    lines.push('probe of the built-in W (risky SD detection; CAS on matched twins):');
    for (const p of extras.probe) lines.push(`  ${p.probe}: detection ${share(p.detection)}, CAS ${share(p.cas)}`);
  }
  return lines;
}
