import { writeFileAtomic } from '@carb/io';
import { AUDIT_CORPORA } from '../corpusFiles.ts';
import { encodeItems } from '../encodeItems.ts';
import { certifiedSuite } from './certifiedSuite.ts';

/** Regenerates corpora/audit-general.jsonl and corpora/audit-ecommerce.jsonl (seed AUDIT_SEED, certified), atomically; returns what it wrote. */
export function writeAuditCorpora(): string[] {
  return (['general', 'ecommerce'] as const).map((suite) => {
    const items = certifiedSuite(suite);
    writeFileAtomic(AUDIT_CORPORA[suite], encodeItems(items));
    return `${AUDIT_CORPORA[suite]}: ${items.length} items`;
  });
}
