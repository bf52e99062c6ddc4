import { carbPath } from '@carb/io';

/** The shipped audit corpora (regenerate with `node --import tsx packages/audit/bin/generate-corpora.ts`). */
export const AUDIT_CORPORA = {
  general: carbPath('corpora/audit-general.jsonl'),
  ecommerce: carbPath('corpora/audit-ecommerce.jsonl'),
} as const;
