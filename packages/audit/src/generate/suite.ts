import type { AuditItem, SdMechanism } from '../types.ts';
import { accumulationPair } from './accumulation.ts';
import { authorizationPair } from './authorization.ts';
import { actionRevealingItem, shortLocalItem } from './controls.ts';
import { destinationPair } from './destination.ts';
import { AUDIT_TYPING_PATH, loadAuditTyping } from '../toolRoles.ts';
import { ECOMMERCE, GENERAL, domainOf, type Domain } from './domain.ts';
import { auditRng, type Rng } from './draw.ts';
import { opaqueId } from './ids.ts';
import { goalShiftPair } from './goalShift.ts';

/** Suite sizes of LatentRiskBench App. B.1. */
export const SUITE_SIZES = {
  general: { pairsPerMechanism: 25, actionRevealing: 24, shortLocal: 30 },
  ecommerce: { pairsPerMechanism: 10, actionRevealing: 0, shortLocal: 0 },
} as const;

/** The seed the shipped corpora were generated with. */
export const AUDIT_SEED = 13;

const BUILDERS: ReadonlyArray<{
  mechanism: SdMechanism;
  tag: string;
  build: (d: Domain, rng: Rng, ids: [string, string], k: number) => [AuditItem, AuditItem];
}> = [
  { mechanism: 'state_accumulation', tag: 'acc', build: accumulationPair },
  { mechanism: 'destination_dependence', tag: 'dst', build: destinationPair },
  { mechanism: 'authorization_dependence', tag: 'auth', build: authorizationPair },
  { mechanism: 'goal_shift', tag: 'goal', build: goalShiftPair },
];

/**
 * One suite, uncertified: SD pairs balanced over the four mechanisms, the action-revealing and
 * short/local controls, every id opaque (opaqueId), the lines in a seeded shuffled order (so
 * neither an id nor a position says regime, mechanism or label). Each family draws from its own stream.
 */
export function generateSuite(suite: 'general' | 'ecommerce', seed: number = AUDIT_SEED): AuditItem[] {
  const domain = domainOf(suite === 'general' ? GENERAL : ECOMMERCE, loadAuditTyping([AUDIT_TYPING_PATH]).roles, AUDIT_TYPING_PATH);
  const size = SUITE_SIZES[suite];
  const items: AuditItem[] = [];
  for (const b of BUILDERS) {
    const rng = auditRng(seed, `${suite}:${b.tag}`);
    for (let k = 0; k < size.pairsPerMechanism; k++)
      items.push(...b.build(domain, rng, [opaqueId(suite, seed, b.tag, k, 'risky'), opaqueId(suite, seed, b.tag, k, 'twin')], k));
  }
  const ar = auditRng(seed, `${suite}:ar`);
  for (let k = 0; k < size.actionRevealing; k++) items.push(actionRevealingItem(domain, ar, opaqueId(suite, seed, 'ar', k, 'control'), k));
  const sl = auditRng(seed, `${suite}:sl`);
  for (let k = 0; k < size.shortLocal; k++) items.push(shortLocalItem(domain, sl, opaqueId(suite, seed, 'sl', k, 'control'), k));
  return shuffled(items, auditRng(seed, `${suite}:order`));
}

/** A Fisher–Yates shuffle of a copy of `xs`. */
function shuffled<T>(xs: readonly T[], rng: Rng): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
