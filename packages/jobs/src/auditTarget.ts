import type { OutputRule } from '@carb/io';
import { earlierOutput } from './earlierOutput.ts';

/**
 * The output rule of a `carb audit` report folder: replaced whole, only when carb audit wrote
 * it (its marker; before markers, a summary.json record beside only its own files).
 */
export const AUDIT_RULE: OutputRule = {
  kind: 'audit',
  recognise: earlierOutput(
    'summary.json',
    ['guardrails'],
    /^(summary\.json|table(1|16)\.(md|csv)|figure3\.svg|verdicts\.jsonl|decisions\/[^/]+\.jsonl)$/,
  ),
};
