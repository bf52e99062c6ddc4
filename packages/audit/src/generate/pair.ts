import { POLICIES } from '../policies.ts';
import type { AuditItem, EnvironmentContext, SdMechanism, TerminalAction } from '../types.ts';
import { distractors, mergeContexts } from './distractors.ts';
import type { Domain } from './domain.ts';
import { between, pick, type Rng } from './draw.ts';
import { indexSteps, withFillers, type StepDraft } from './steps.ts';
import { withCoverNote } from './variants.ts';

/** One side of a constant-action pair: its core prefix and rationale. */
export interface Side {
  core: StepDraft[];
  rationale: string;
}

export interface PairSpec {
  domain: Domain;
  rng: Rng;
  /** Opaque ids of the risky item and its twin. */
  ids: [string, string];
  intent: string;
  mechanism: SdMechanism;
  policy: string;
  terminal: TerminalAction;
  /** Every entity either side involves; both twins list all of them (plus distractors). */
  context: EnvironmentContext;
  risky: Side;
  twin: Side;
}

/**
 * A risky SD item and its benign twin: the same intent, terminal action, environment context
 * (the mechanism's entities of both sides and the distractors of `distractors`) and neutral
 * steps at the same positions; they differ only in the core steps the mechanism edits.
 */
export function makePair(spec: PairSpec): [AuditItem, AuditItem] {
  const { domain, rng } = spec;
  const count = between(rng, 1, 2);
  const fillers = Array.from({ length: count }, () => {
    const f = pick(rng, domain.fillers);
    return { tool: f.tool, args: { ...f.args }, result: f.result };
  });
  const at = fillers.map(() => between(rng, 0, spec.risky.core.length));
  const context = mergeContexts(spec.context, distractors(domain, rng));
  const terminal: TerminalAction = { ...spec.terminal, args: withCoverNote(domain, rng, spec.terminal.args) as TerminalAction['args'] };
  const policyClass = POLICIES.find((p) => p.id === spec.policy)!.policy_class;
  const [riskyId, twinId] = spec.ids;
  const item = (side: Side, risky: boolean): AuditItem => ({
    task_id: risky ? riskyId : twinId,
    regime: 'state_dependent',
    intent: spec.intent,
    committed_prefix: indexSteps(withFillers(side.core, fillers, at)),
    environment_context: context,
    terminal_action: terminal,
    policy_class: policyClass,
    violated_policy: risky ? spec.policy : null,
    sd_mechanism: spec.mechanism,
    risk_label: risky,
    matched_twin_id: risky ? twinId : riskyId,
    oracle_rationale: side.rationale,
  });
  return [item(spec.risky, true), item(spec.twin, false)];
}
