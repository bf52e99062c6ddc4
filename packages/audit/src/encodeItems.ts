import { canonicalJson } from '@carb/io';
import type { AuditItem } from './types.ts';

/** Audit JSONL: one canonical-JSON item per line (sorted keys), so equal suites are equal bytes. */
export function encodeItems(items: readonly AuditItem[]): string {
  return items.map((it) => `${canonicalJson(it)}\n`).join('');
}
