import type { PolicyClass } from './types.ts';

/**
 * Surface markers an action-local reader can see: explicit sensitivity labels and secrets
 * (data leakage), credential-phishing wording and raw-IP links (phishing propagation),
 * injected-instruction wording (goal hijacking). Each names the policy it evidences.
 */
export const SURFACE_MARKERS: ReadonlyArray<{ pattern: RegExp; policy: string; policy_class: PolicyClass }> = [
  {
    pattern: /\b(confidential|internal only|do not distribute|restricted distribution)\b/i,
    policy: 'DL-RESTRICTED-EXTERNAL',
    policy_class: 'data_leakage',
  },
  {
    pattern: /\b(password|passcode|api[ _-]?key|secret key|access token)\s*[:=]/i,
    policy: 'DL-RESTRICTED-EXTERNAL',
    policy_class: 'data_leakage',
  },
  { pattern: /\b\d{3}-\d{2}-\d{4}\b/, policy: 'DL-RESTRICTED-EXTERNAL', policy_class: 'data_leakage' },
  {
    pattern: /verify your account|confirm your (password|credentials)|account (will be )?suspended|reset your password now/i,
    policy: 'PP-UNVERIFIED-LINK',
    policy_class: 'phishing_propagation',
  },
  { pattern: /https?:\/\/\d{1,3}(\.\d{1,3}){3}\b/, policy: 'PP-UNVERIFIED-LINK', policy_class: 'phishing_propagation' },
  {
    pattern: /ignore (all )?(your )?previous instructions|<INFORMATION>|disregard (the|your) (user|previous)/i,
    policy: 'GH-UNAUTHORIZED-GOAL',
    policy_class: 'goal_hijacking',
  },
];

/** The first surface marker in `text`, or null. */
export function surfaceMarker(text: string): (typeof SURFACE_MARKERS)[number] | null {
  return SURFACE_MARKERS.find((m) => m.pattern.test(text)) ?? null;
}
