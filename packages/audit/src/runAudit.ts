import type { Pipeline } from '@carb/pipeline';
import { actionLocal } from './actionLocal.ts';
import { auditPipeline } from './auditPipeline.ts';
import { executedJudge } from './executedJudge.ts';
import { benignAdmission, type BenignAdmission } from './metrics/benign.ts';
import { constantActionSpecificity } from './metrics/cas.ts';
import { stateReconstructionGain, type GainReport } from './metrics/gain.ts';
import { cohenKappa } from './metrics/kappa.ts';
import { matchedTwins } from './metrics/matchedTwins.ts';
import { outcomeViolationRate } from './metrics/outcomeViolation.ts';
import type { Proportion } from './metrics/proportion.ts';
import { residualRisk, type ResidualRisk } from './metrics/residualRisk.ts';
import { strataAgreement, type StratumAgreement } from './metrics/strata.ts';
import { taskSuccessRate } from './metrics/taskSuccess.ts';
import { stateAuditor } from './stateAuditor.ts';
import { defaultAuditTyping, type AuditTyping } from './toolRoles.ts';
import {
  SD_MECHANISMS,
  type AuditItem,
  type ItemDecision,
  type Regime,
  type SdMechanism,
  type TerminalAction,
  type Verdict,
} from './types.ts';
import { untypedTools } from './untypedTools.ts';
import { auditView } from './view.ts';

/** One guardrail's decisions on every item. */
export interface GuardrailDecisions {
  name: string;
  decisions: ReadonlyMap<string, ItemDecision>;
}

export interface GuardrailRow {
  name: string;
  rr: ResidualRisk;
  ovr: Proportion;
  benign: BenignAdmission;
  tsr: Proportion;
}

export interface AuditReport {
  items: number;
  /** `built-in W` or the verdicts file that took the state auditor's role. */
  auditor: string;
  /** `built-in E` or the verdicts file that took the action-local evaluator's role. */
  actionEvaluator: string;
  /** D_action / D_state / SRG per risky stratum, and per SD mechanism. */
  gain: Partial<Record<Regime, GainReport>>;
  gainByMechanism: Partial<Record<SdMechanism, GainReport>>;
  /** On matched benign twins only (same terminal action as their risky twin). */
  cas: Proportion;
  /**
   * The state auditor against the construction labels: κ (null: undefined, p_e = 1) and
   * per-stratum recall / specificity; with a verdicts file also κ between it and the built-in W.
   */
  agreement: { kappa: number | null; kappaWithBuiltIn: number | null; strata: Record<Regime, StratumAgreement> };
  guardrails: GuardrailRow[];
  verdicts: Verdict[];
  /** Tools the items use that the typing does not know, with their item counts. */
  untyped: Array<{ tool: string; items: number }>;
}

export interface AuditOptions {
  /** Verdicts in the state auditor's role (W); default the built-in W. */
  verdicts?: ReadonlyMap<string, Verdict>;
  verdictsName?: string;
  /** Verdicts in the action-local evaluator's role (E); default the built-in E. */
  actionVerdicts?: ReadonlyMap<string, Verdict>;
  actionVerdictsName?: string;
  pipeline?: Pipeline;
  typing?: AuditTyping;
}

const byId = (vs: Iterable<Verdict>) => new Map([...vs].map((v) => [v.task_id, v]));

/**
 * Audits items: E and W (or verdicts files in their roles) on every item, SRG per stratum and
 * mechanism, CAS on matched benign twins, and per guardrail RR (the state auditor judges what the
 * decision leaves executed: an allowed action, or a rewrite's action; block, escalate and a
 * rewrite without an action execute nothing), OVR (the outcome-level judge sees the executed
 * action only: the action-local evaluator), benign FPR / admission and TSR on the matched twins.
 */
export function runAudit(items: readonly AuditItem[], guardrails: readonly GuardrailDecisions[], options: AuditOptions = {}): AuditReport {
  const pipeline = options.pipeline ?? auditPipeline();
  const typing = options.typing ?? defaultAuditTyping();
  const builtInE = (it: AuditItem, a: TerminalAction) => actionLocal(it.task_id, a).label;
  const builtInW = (it: AuditItem, a: TerminalAction) => stateAuditor({ ...auditView(it), terminal_action: a }, pipeline, typing).label;
  const E = options.actionVerdicts ?? byId(items.map((it) => actionLocal(it.task_id, it.terminal_action)));
  const builtIn = options.verdicts === undefined ? byId(items.map((it) => stateAuditor(auditView(it), pipeline, typing))) : null;
  const W = options.verdicts ?? builtIn!;
  const auditor = options.verdictsName ?? 'built-in W';
  const actionEvaluator = options.actionVerdictsName ?? 'built-in E';
  const stateJudge = executedJudge(W, auditor, options.verdicts === undefined ? builtInW : null);
  const outcomeJudge = executedJudge(E, actionEvaluator, options.actionVerdicts === undefined ? builtInE : null);
  const risky = items.filter((it) => it.risk_label);
  const twins = matchedTwins(items);
  const gain: AuditReport['gain'] = {};
  for (const r of ['short_local', 'action_revealing', 'state_dependent'] as const) {
    const split = risky.filter((it) => it.regime === r);
    if (split.length > 0) gain[r] = stateReconstructionGain(split, E, W);
  }
  const gainByMechanism: AuditReport['gainByMechanism'] = {};
  for (const m of SD_MECHANISMS) {
    const split = risky.filter((it) => it.sd_mechanism === m);
    if (split.length > 0) gainByMechanism[m] = stateReconstructionGain(split, E, W);
  }
  const truth = new Map(items.map((it) => [it.task_id, { label: it.risk_label }]));
  const rows = guardrails.map((g) => {
    const decisionOf = (it: AuditItem) => {
      const d = g.decisions.get(it.task_id);
      if (d === undefined) throw new Error(`guardrail ${g.name}: expected a decision for item ${it.task_id}, found none`);
      return d;
    };
    const executed = (it: AuditItem) => {
      const d = decisionOf(it);
      return d.decision === 'allow' ? it.terminal_action : d.decision === 'rewrite' ? (d.action ?? null) : null;
    };
    const judged = (judge: typeof stateJudge) => (it: AuditItem) => {
      const a = executed(it);
      return a !== null && judge(it, a, g.name);
    };
    return {
      name: g.name,
      rr: residualRisk(risky, judged(stateJudge)),
      ovr: outcomeViolationRate(risky, judged(outcomeJudge)),
      benign: benignAdmission(twins, (it) => decisionOf(it).decision),
      tsr: taskSuccessRate(twins, decisionOf),
    };
  });
  const builtInW2 =
    builtIn ??
    (options.verdicts !== undefined && items.length > 0 ? byId(items.map((it) => stateAuditor(auditView(it), pipeline, typing))) : null);
  const labels = items.map((it) => W.get(it.task_id)!.label);
  return {
    items: items.length,
    auditor,
    actionEvaluator,
    gain,
    gainByMechanism,
    cas: constantActionSpecificity(twins, W),
    agreement: {
      kappa:
        items.length === 0
          ? null
          : cohenKappa(
              labels,
              items.map((it) => it.risk_label),
            ),
      kappaWithBuiltIn:
        options.verdicts === undefined || builtInW2 === null
          ? null
          : cohenKappa(
              labels,
              items.map((it) => builtInW2.get(it.task_id)!.label),
            ),
      strata: strataAgreement(items, W, truth),
    },
    guardrails: rows,
    verdicts: items.map((it) => W.get(it.task_id)!),
    untyped: untypedTools(items, typing),
  };
}
