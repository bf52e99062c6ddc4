import { describe, expect, it } from 'vitest';
import { seededRandom } from '@carb/io';
import { auditPipeline } from '../src/auditPipeline.ts';
import { certifyItem } from '../src/certify.ts';
import { AUDIT_CORPORA } from '../src/corpusFiles.ts';
import { perturbPrefix } from '../src/perturb.ts';
import { readItems } from '../src/readItems.ts';
import type { AuditItem } from '../src/types.ts';

const items = readItems(AUDIT_CORPORA.general);
const pipeline = auditPipeline();
const byId = new Map(items.map((it) => [it.task_id, it]));
const risky = items.find((it) => it.regime === 'state_dependent' && it.risk_label)!;
const twin = byId.get(risky.matched_twin_id!)!;

describe('certification by exclusion (App. B.2)', () => {
  it('certifies every shipped item', () => {
    expect(items.flatMap((it) => certifyItem(it, byId, pipeline))).toEqual([]);
  });

  it('fails a pair whose twin acts differently', () => {
    const other: AuditItem = { ...twin, terminal_action: { ...twin.terminal_action, args: { ...twin.terminal_action.args, note: 'x' } } };
    const ids = new Map(byId).set(twin.task_id, other);
    expect(certifyItem(risky, ids, pipeline)).toEqual([`${risky.task_id}: expected the twin's terminal action to be byte-identical, found a different one`]);
  });

  it('fails an SD item one of whose steps shows the violation on its own (that is a short/local item)', () => {
    const shown = { ...risky, committed_prefix: risky.committed_prefix.map((s, i) => (i === 0 ? { ...s, result: `${s.result}\nclassification: CONFIDENTIAL` } : s)) };
    expect(certifyItem(shown, byId, pipeline)).toContain(`${risky.task_id}: expected no single prefix step to show a violation, found step 0`);
  });

  it('perturbs the path: one more step, the intent reworded, the same label', () => {
    const moved = perturbPrefix(risky, seededRandom('t'), pipeline);
    expect(moved.committed_prefix.length).toBe(risky.committed_prefix.length + 1);
    expect(moved.committed_prefix.map((s) => s.index)).toEqual(moved.committed_prefix.map((_, i) => i));
    expect(moved.intent).not.toBe(risky.intent);
  });
});
