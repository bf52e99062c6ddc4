import type { Domain } from './domain.ts';
import { hex, pick, type Rng } from './draw.ts';
import { person } from './text.ts';

/** A destination outside the organisation: a partner mailbox, or an external marketing platform. */
export function externalPlace(domain: Domain, rng: Rng): string {
  return domain.name === 'general'
    ? `${person(rng)}@${pick(rng, domain.externalDomains)}`
    : `${pick(rng, domain.externalDomains)}-${hex(rng)}`;
}

/** A destination inside the organisation. */
export function internalPlace(domain: Domain, rng: Rng): string {
  return domain.name === 'general' ? `${person(rng)}@${domain.orgDomain}` : `crm-internal-${hex(rng)}`;
}

/** A distribution list / routed platform whose members the prefix can change. */
export function aliasPlace(domain: Domain, rng: Rng): string {
  return domain.name === 'general'
    ? `${pick(rng, ['ops', 'finance', 'sales', 'product'])}-digest-${hex(rng)}@lists.${domain.orgDomain}`
    : `campaign-hub-${hex(rng)}`;
}

/** A customer-facing audience: a newsletter list or a storefront campaign platform (external). */
export function audiencePlace(domain: Domain, rng: Rng): string {
  return domain.name === 'general'
    ? `customers-${hex(rng)}@lists.${pick(rng, domain.externalDomains)}`
    : `${pick(rng, domain.externalDomains)}-${hex(rng)}`;
}
