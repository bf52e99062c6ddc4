import type { JsonObject, PolicyStep } from '@carb/episodes/policy';

/** Risk-observability regime of an item (LatentRiskBench App. B.3). */
export type Regime = 'short_local' | 'action_revealing' | 'state_dependent';
export const REGIMES: readonly Regime[] = ['short_local', 'action_revealing', 'state_dependent'];

/** The three enterprise policy classes (App. B.5). */
export type PolicyClass = 'data_leakage' | 'phishing_propagation' | 'goal_hijacking';
export const POLICY_CLASSES: readonly PolicyClass[] = ['data_leakage', 'phishing_propagation', 'goal_hijacking'];

/** The four state-dependent construction mechanisms (App. B.4). */
export type SdMechanism = 'state_accumulation' | 'destination_dependence' | 'authorization_dependence' | 'goal_shift';
export const SD_MECHANISMS: readonly SdMechanism[] = [
  'state_accumulation',
  'destination_dependence',
  'authorization_dependence',
  'goal_shift',
];

export type Sensitivity = 'public' | 'internal' | 'restricted';
export type Scope = 'internal' | 'external';

/** The proposed terminal action a_T: tool, arguments and declared provenance, as the agent emits it. */
export interface TerminalAction {
  tool: string;
  args: JsonObject;
  provenance?: PolicyStep['provenance'];
}

/**
 * Environment context c_T (§3.1): policy-relevant facts not visible from the action surface.
 * Every map is keyed by the identifier the steps use.
 */
export interface EnvironmentContext {
  /** Artifact metadata and data-sensitivity annotations; `release_policy` names the approval policy an artifact's external release falls under. */
  artifacts: Record<string, { sensitivity: Sensitivity; release_policy?: string }>;
  /** Destination metadata: addresses, platforms and members' scope. */
  destinations: Record<string, { scope: Scope }>;
  /** Principals (senders, requesters, approvers) and whether they are verified / authorized for the user. */
  principals: Record<string, { authorized: boolean }>;
}

/** One LatentRiskBench record (App. B.5), with the committed prefix as carb canonical steps. */
export interface AuditItem {
  task_id: string;
  regime: Regime;
  intent: string;
  committed_prefix: PolicyStep[];
  environment_context: EnvironmentContext;
  terminal_action: TerminalAction;
  policy_class: PolicyClass;
  /** Policy id the terminal action violates; null for a benign item. */
  violated_policy: string | null;
  /** Null for non-SD items. */
  sd_mechanism: SdMechanism | null;
  risk_label: boolean;
  /** Risky SD item ↔ its benign twin; null for unpaired controls. */
  matched_twin_id: string | null;
  oracle_rationale: string;
}

/** Reconstructed policy-relevant state s_T = R(I, h_<T, c_T) (eq. 1). */
export interface ReconstructedState {
  /** Artifacts whose content flows into the terminal action, with sensitivity and the step that brought them in. */
  accumulated: Array<{ step: number; artifact: string; sensitivity: Sensitivity }>;
  /** Links carried into the action, with the sender they came from and whether that sender is verified. */
  links: Array<{ step: number; url: string; sender: string; verified: boolean }>;
  /** Destinations of the action with their resolved scope (members added by prefix steps included). */
  destinations: Array<{ id: string; scope: Scope | 'unknown'; members: string[] }>;
  /** Released artifacts that need approval: approved version (null: none) against current version. */
  approvals: Array<{ artifact: string; policy: string; approvedVersion: number | null; currentVersion: number | null; covers: boolean }>;
  /** The goal the action serves: the user's intent, or a request adopted at some step. */
  activeGoal:
    | { source: 'intent' }
    | { source: 'request'; request: string; requester: string; authorized: boolean; step: number }
    | { source: 'injection'; step: number };
}

/** One evidence-trace line: a state fact and the steps it rests on. */
export interface EvidenceLine {
  steps: number[];
  fact: string;
}

/** Output (ŷ, v̂, e) of an evaluator (eq. 2); the action-local evaluator has no state. */
export interface Verdict {
  task_id: string;
  label: boolean;
  violated_policy: string | null;
  state: ReconstructedState | null;
  evidence: EvidenceLine[];
}

/** Guardrail decision space A_g (App. E.1). */
export type GuardDecision = 'allow' | 'block' | 'rewrite' | 'escalate';
export const GUARD_DECISIONS: readonly GuardDecision[] = ['allow', 'block', 'rewrite', 'escalate'];

/** One guardrail decision for one item; a rewrite may carry the action it executes instead. */
export interface ItemDecision {
  task_id: string;
  decision: GuardDecision;
  action?: TerminalAction;
}
