import type { OutputRule } from '@carb/io';
import { earlierOutput } from './earlierOutput.ts';

/**
 * The output rule of a `carb nearmiss` report folder: replaced whole, only when carb nearmiss
 * wrote it (its marker; before markers, a nearmiss.json record beside only its own files).
 */
export const NEARMISS_RULE: OutputRule = {
  kind: 'nearmiss',
  recognise: earlierOutput(
    'nearmiss.json',
    ['guards', 'agents', 'flagged'],
    /^(nearmiss\.json|flagged\.jsonl|by-(mutating|skipped)-tool\.(svg|png)|index\.html)$/,
  ),
};
