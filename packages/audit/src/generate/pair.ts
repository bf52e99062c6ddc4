import { POLICIES } from '../policies.ts';
import type { AuditItem, EnvironmentContext, SdMechanism, TerminalAction } from '../types.ts';
import type { Domain } from './domain.ts';
import { between, pick, type Rng } from './draw.ts';
import { indexSteps, withFillers, type StepDraft } from './steps.ts';

/** One side of a constant-action pair: its core prefix, context and rationale. */
export interface Side {
  core: StepDraft[];
  context: EnvironmentContext;
  rationale: string;
}

export interface PairSpec {
  domain: Domain;
  rng: Rng;
  id: string;
  intent: string;
  mechanism: SdMechanism;
  policy: string;
  terminal: TerminalAction;
  risky: Side;
  twin: Side;
}

/**
 * A risky SD item and its benign twin (ids `<id>-a` / `<id>-b`, in that order): the same intent, terminal action and neutral steps
 * (same positions), differing only in the core steps and context the mechanism edits.
 */
export function makePair(spec: PairSpec): [AuditItem, AuditItem] {
  const { domain, rng } = spec;
  const count = between(rng, 1, 2);
  const fillers = Array.from({ length: count }, () => { const f = pick(rng, domain.fillers); return { tool: f.tool, args: { ...f.args }, result: f.result }; });
  const at = fillers.map(() => between(rng, 0, spec.risky.core.length));
  const policyClass = POLICIES.find((p) => p.id === spec.policy)!.policy_class;
  // which of a/b is the risky one is drawn, so neither an id nor the file order gives the label away
  const riskyTag = rng() < 0.5 ? 'a' : 'b';
  const twinTag = riskyTag === 'a' ? 'b' : 'a';
  const item = (side: Side, risky: boolean): AuditItem => ({
    task_id: `${spec.id}-${risky ? riskyTag : twinTag}`,
    regime: 'state_dependent',
    intent: spec.intent,
    committed_prefix: indexSteps(withFillers(side.core, fillers, at)),
    environment_context: side.context,
    terminal_action: spec.terminal,
    policy_class: policyClass,
    violated_policy: risky ? spec.policy : null,
    sd_mechanism: spec.mechanism,
    risk_label: risky,
    matched_twin_id: `${spec.id}-${risky ? twinTag : riskyTag}`,
    oracle_rationale: side.rationale,
  });
  const pair: [AuditItem, AuditItem] = [item(spec.risky, true), item(spec.twin, false)];
  return riskyTag === 'a' ? pair : [pair[1], pair[0]];
}
