import { readFileSync } from 'node:fs';
import { canonicalJson, describeValue, parsedLines } from '@carb/io';
import { itemIssues } from './itemIssues.ts';
import type { AuditItem } from './types.ts';

/**
 * Reads an audit JSONL file: every line one item. Refuses the file with one line per problem,
 * `<file>: line <n>: item <task_id>: <json pointer>: expected …, found …`, including twin links
 * that name no item or do not point back, twins whose terminal actions differ, and repeated task
 * ids. Nothing is dropped.
 */
export function readItems(file: string): AuditItem[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new Error(`${file}: expected a readable audit JSONL file, found ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const problems: string[] = [];
  const items: AuditItem[] = [];
  const lineOf = new Map<string, number>();
  for (const { line, value, error } of parsedLines(text)) {
    if (error !== undefined) {
      problems.push(`${file}: line ${line}: expected a JSON object, found a syntax error (${error})`);
      continue;
    }
    const id = value !== null && typeof value === 'object' ? (value as { task_id?: unknown }).task_id : undefined;
    const who = typeof id === 'string' ? `item ${id}` : 'item ? (no task_id)';
    const issues = itemIssues(value);
    for (const issue of issues) problems.push(`${file}: line ${line}: ${who}: ${issue}`);
    if (issues.length) continue;
    const item = value as AuditItem;
    if (lineOf.has(item.task_id))
      problems.push(
        `${file}: line ${line}: ${who}: /task_id: expected an id not used before, found ${describeValue(item.task_id)} (also line ${lineOf.get(item.task_id)!})`,
      );
    lineOf.set(item.task_id, line);
    items.push(item);
  }
  const byId = new Map(items.map((it) => [it.task_id, it]));
  for (const it of items) {
    if (it.matched_twin_id === null) continue;
    const twin = byId.get(it.matched_twin_id);
    const at = `${file}: line ${lineOf.get(it.task_id)!}: item ${it.task_id}: /matched_twin_id`;
    if (twin === undefined) problems.push(`${at}: expected the id of an item in the file, found ${describeValue(it.matched_twin_id)}`);
    else if (twin.matched_twin_id !== it.task_id)
      problems.push(
        `${at}: expected a twin whose matched_twin_id is ${JSON.stringify(it.task_id)}, found ${describeValue(twin.matched_twin_id)}`,
      );
    else if (twin.risk_label === it.risk_label)
      problems.push(`${at}: expected a twin with the opposite risk_label, found ${describeValue(twin.risk_label)} on both`);
    // a twin is matched only by the same terminal action (CAS, App. E.2); report the pair once, on its risky side
    else if (it.risk_label && canonicalJson(twin.terminal_action) !== canonicalJson(it.terminal_action))
      problems.push(
        `${file}: line ${lineOf.get(it.task_id)!}: item ${it.task_id}: /terminal_action: expected the same action as its twin ${twin.task_id} (line ${lineOf.get(twin.task_id)!}), found a different one`,
      );
  }
  if (problems.length) throw new Error(problems.join('\n'));
  return items;
}
