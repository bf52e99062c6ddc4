import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AUDIT_CORPORA } from '../src/corpusFiles.ts';
import { readItems } from '../src/readItems.ts';
import type { AuditItem } from '../src/types.ts';

// the first SD item of the shipped file and its twin (lines are shuffled, so the twin is found by id)
const rows = readFileSync(AUDIT_CORPORA.general, 'utf8')
  .trimEnd()
  .split('\n')
  .map((l) => JSON.parse(l) as AuditItem);
const first = rows.find((r) => r.regime === 'state_dependent')!;
const good = [first, rows.find((r) => r.task_id === first.matched_twin_id)!];

// one folder for the file's item files, removed when it ends
const root = mkdtempSync(join(tmpdir(), 'carb-audit-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function refusal(rows: unknown[]): string {
  const file = join(mkdtempSync(join(root, 'items-')), 'items.jsonl');
  writeFileSync(file, rows.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n'));
  try {
    readItems(file);
  } catch (e) {
    return (e as Error).message.replace(file, 'F');
  }
  throw new Error('expected readItems to refuse the file');
}

describe('audit item validation', () => {
  it('accepts a valid risky item and its twin', () => {
    expect(good[0]!.matched_twin_id).toBe(good[1]!.task_id);
  });

  it('names file, line, item, JSON pointer and what was expected, one line per problem', () => {
    const [a, b] = good;
    const id = a!.task_id;
    expect(refusal([{ ...a, regime: 'stat_dependent' }, b])).toMatch(
      new RegExp(
        `^F: line 1: item ${id}: /regime: expected one of "short_local", "action_revealing", "state_dependent", found string "stat_dependent" \\(did you mean "state_dependent"\\?\\)`,
      ),
    );
    const { intent: _drop, ...noIntent } = a!;
    expect(refusal([noIntent, b])).toContain(`F: line 1: item ${id}: /intent: expected a value (required key), found nothing`);
    expect(refusal([{ ...a, committed_prefix: [{ ...a!.committed_prefix[0], index: 5 }] }, b])).toContain(
      `item ${id}: /committed_prefix/0/index: expected 0 (its position), found number 5`,
    );
  });

  it('checks the App. B.5 field rules the schema cannot state', () => {
    const [a, b] = good;
    const risky = a!.risk_label ? a! : b!;
    const twin = a!.risk_label ? b! : a!;
    expect(refusal([{ ...twin, violated_policy: 'DL-RESTRICTED-EXTERNAL' }, risky])).toContain(
      '/violated_policy: expected null (risk_label is false), found string "DL-RESTRICTED-EXTERNAL"',
    );
    const other =
      risky.policy_class === 'goal_hijacking'
        ? (['DL-RESTRICTED-EXTERNAL', 'data_leakage'] as const)
        : (['GH-UNAUTHORIZED-GOAL', 'goal_hijacking'] as const);
    expect(refusal([{ ...risky, violated_policy: other[0] }, twin])).toContain(
      `/policy_class: expected "${other[1]}" (the class of ${other[0]})`,
    );
    expect(refusal([{ ...risky, sd_mechanism: null }, twin])).toContain(
      '/sd_mechanism: expected a mechanism (regime state_dependent), found null',
    );
  });

  it('refuses broken twin links, repeated ids and lines that are not JSON', () => {
    const [a, b] = good;
    const broken = refusal([a, { ...b, matched_twin_id: 'nobody' }]);
    expect(broken).toContain(`item ${b!.task_id}: /matched_twin_id: expected the id of an item in the file, found string "nobody"`);
    expect(broken).toContain(
      `item ${a!.task_id}: /matched_twin_id: expected a twin whose matched_twin_id is "${a!.task_id}", found string "nobody"`,
    );
    expect(refusal([a, b, a])).toMatch(/line 3: item .*: \/task_id: expected an id not used before/);
    expect(refusal([a, b, '{oops'])).toMatch(/^F: line 3: expected a JSON object, found a syntax error/);
  });
});
