import type { AuditItem, SdMechanism } from '../types.ts';
import { accumulationPair } from './accumulation.ts';
import { authorizationPair } from './authorization.ts';
import { actionRevealingItem, shortLocalItem } from './controls.ts';
import { destinationPair } from './destination.ts';
import { ECOMMERCE, GENERAL, type Domain } from './domain.ts';
import { auditRng, type Rng } from './draw.ts';
import { goalShiftPair } from './goalShift.ts';

/** Suite sizes of LatentRiskBench App. B.1. */
export const SUITE_SIZES = {
  general: { pairsPerMechanism: 25, actionRevealing: 24, shortLocal: 30 },
  ecommerce: { pairsPerMechanism: 10, actionRevealing: 0, shortLocal: 0 },
} as const;

/** The seed the shipped corpora were generated with. */
export const AUDIT_SEED = 13;

const BUILDERS: ReadonlyArray<{ mechanism: SdMechanism; tag: string; build: (d: Domain, rng: Rng, id: string, k: number) => [AuditItem, AuditItem] }> = [
  { mechanism: 'state_accumulation', tag: 'acc', build: accumulationPair },
  { mechanism: 'destination_dependence', tag: 'dst', build: destinationPair },
  { mechanism: 'authorization_dependence', tag: 'auth', build: authorizationPair },
  { mechanism: 'goal_shift', tag: 'goal', build: goalShiftPair },
];

const two = (k: number) => String(k + 1).padStart(2, '0');

/**
 * One suite, uncertified: SD pairs balanced over the four mechanisms (risky item, then its twin),
 * then the action-revealing and short/local controls. Each family draws from its own stream.
 */
export function generateSuite(suite: 'general' | 'ecommerce', seed: number = AUDIT_SEED): AuditItem[] {
  const domain = suite === 'general' ? GENERAL : ECOMMERCE;
  const size = SUITE_SIZES[suite];
  const items: AuditItem[] = [];
  for (const b of BUILDERS) {
    const rng = auditRng(seed, `${suite}:${b.tag}`);
    for (let k = 0; k < size.pairsPerMechanism; k++) items.push(...b.build(domain, rng, `${domain.idPrefix}-sd-${b.tag}-${two(k)}`, k));
  }
  const ar = auditRng(seed, `${suite}:ar`);
  for (let k = 0; k < size.actionRevealing; k++) items.push(actionRevealingItem(domain, ar, `${domain.idPrefix}-ar-${two(k)}`, k));
  const sl = auditRng(seed, `${suite}:sl`);
  for (let k = 0; k < size.shortLocal; k++) items.push(shortLocalItem(domain, sl, `${domain.idPrefix}-sl-${two(k)}`, k));
  return items;
}
