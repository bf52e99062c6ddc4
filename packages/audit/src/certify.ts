import { canonicalJson } from '@carb/io';
import type { AuditItem } from './types.ts';

/**
 * Certification of one item against its suite by structural invariants only (App. B.2): one
 * line per failed condition, empty when certified. A state-dependent item has a matched twin
 * that points back with the opposite label, the same intent, the same prefix length and a
 * byte-identical terminal action (canonical JSON), and the decisive state difference is present:
 * the two differ in their committed prefix or environment context. No evaluator runs here: an
 * evaluator the audit measures (E, W, a guardrail) must not decide which items exist, or its
 * detection rates would be fixed by the filter. Controls have no twin.
 */
export function certifyItem(item: AuditItem, byId: ReadonlyMap<string, AuditItem>): string[] {
  const at = item.task_id;
  if (item.regime !== 'state_dependent')
    return item.matched_twin_id === null ? [] : [`${at}: expected no twin (regime ${item.regime}), found ${item.matched_twin_id}`];
  const twin = item.matched_twin_id === null ? undefined : byId.get(item.matched_twin_id);
  if (twin === undefined) return [`${at}: expected a matched twin, found none`];
  const fail: string[] = [];
  if (twin.matched_twin_id !== item.task_id)
    fail.push(`${at}: expected twin ${twin.task_id} to point back, found ${twin.matched_twin_id ?? 'null'}`);
  if (twin.risk_label === item.risk_label)
    fail.push(`${at}: expected twin ${twin.task_id} to have the opposite label, found ${item.risk_label} on both`);
  if (canonicalJson(twin.terminal_action) !== canonicalJson(item.terminal_action))
    fail.push(`${at}: expected the twin's terminal action to be byte-identical, found a different one`);
  if (twin.intent !== item.intent) fail.push(`${at}: expected the twin's intent to be the same, found a different one`);
  if (twin.committed_prefix.length !== item.committed_prefix.length)
    fail.push(`${at}: expected the twin's prefix to have ${item.committed_prefix.length} steps, found ${twin.committed_prefix.length}`);
  if (
    canonicalJson([twin.committed_prefix, twin.environment_context]) === canonicalJson([item.committed_prefix, item.environment_context])
  ) {
    fail.push(`${at}: expected the twin to differ in its prefix or context (the decisive state), found the same`);
  }
  return fail;
}
