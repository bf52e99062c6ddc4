import { certifyItem } from '../certify.ts';
import type { AuditItem } from '../types.ts';
import { AUDIT_SEED, generateSuite } from './suite.ts';

/** A generated suite with every item certified (certifyItem: structural invariants); refuses the suite, listing every failure, otherwise. */
export function certifiedSuite(suite: 'general' | 'ecommerce', seed: number = AUDIT_SEED): AuditItem[] {
  const items = generateSuite(suite, seed);
  const byId = new Map(items.map((it) => [it.task_id, it]));
  const failures = items.flatMap((it) => certifyItem(it, byId));
  if (failures.length > 0)
    throw new Error(`audit suite ${suite} (seed ${seed}): ${failures.length} certification failures:\n${failures.join('\n')}`);
  return items;
}
