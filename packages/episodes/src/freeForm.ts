import { jsonLimitIssue, type JsonLimitIssue } from '@carb/io';
import type { Episode } from './types.ts';

/**
 * The limit issue (jsonLimitIssue) of a schema-valid episode's free-form JSON, step arguments
 * and benchmark fields: the only values the schema leaves unbounded, so walking them alone
 * (not the whole record) keeps the check off the reading time of a 10⁶-episode corpus. `text`,
 * the record's JSON text, tells rounded integer literals apart. Null when there is none.
 */
export function freeFormIssue(ep: Episode, text?: string): JsonLimitIssue | null {
  // depths in the record: record 0, steps 1, a step 2, its args 3; benchmark 1
  const args = { depth: 3, text };
  for (let i = 0; i < ep.steps.length; i++) {
    // the pointer is built only for the rare offending step
    if (jsonLimitIssue(ep.steps[i]!.args, args) !== null) return jsonLimitIssue(ep.steps[i]!.args, { ...args, at: `/steps/${i}/args` });
  }
  return ep.benchmark === null ? null : jsonLimitIssue(ep.benchmark, { depth: 1, at: '/benchmark', text });
}
