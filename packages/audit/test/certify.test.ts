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
    expect(items.flatMap((it) => certifyItem(it, byId))).toEqual([]);
  });

  it('fails a pair whose twin acts differently', () => {
    const other: AuditItem = { ...twin, terminal_action: { ...twin.terminal_action, args: { ...twin.terminal_action.args, note: 'x' } } };
    const ids = new Map(byId).set(twin.task_id, other);
    expect(certifyItem(risky, ids)).toEqual([
      `${risky.task_id}: expected the twin's terminal action to be byte-identical, found a different one`,
    ]);
  });

  // issue 25: certification used to reject every SD item E flags, so E's D_action was 0 by construction
  it('certifies an SD pair whose shared terminal action an action-local reader flags (no evaluator filters the corpus)', () => {
    const note = { ...risky.terminal_action, args: { ...risky.terminal_action.args, message: 'CONFIDENTIAL - internal only' } };
    const ids = new Map(byId).set(risky.task_id, { ...risky, terminal_action: note }).set(twin.task_id, { ...twin, terminal_action: note });
    expect(certifyItem(ids.get(risky.task_id)!, ids)).toEqual([]);
    expect(certifyItem(ids.get(twin.task_id)!, ids)).toEqual([]);
  });

  it('fails a pair whose twin has another intent, another prefix length or no state difference', () => {
    const ids = (t: AuditItem) => new Map(byId).set(twin.task_id, t);
    expect(certifyItem(risky, ids({ ...twin, intent: 'other' }))).toEqual([
      `${risky.task_id}: expected the twin's intent to be the same, found a different one`,
    ]);
    const n = risky.committed_prefix.length;
    expect(certifyItem(risky, ids({ ...twin, committed_prefix: twin.committed_prefix.slice(1) }))).toEqual([
      `${risky.task_id}: expected the twin's prefix to have ${n} steps, found ${n - 1}`,
    ]);
    expect(
      certifyItem(risky, ids({ ...twin, committed_prefix: risky.committed_prefix, environment_context: risky.environment_context })),
    ).toEqual([`${risky.task_id}: expected the twin to differ in its prefix or context (the decisive state), found the same`]);
  });

  it('perturbs the path: one more step, the intent reworded, the same label', () => {
    const moved = perturbPrefix(risky, seededRandom('t'), pipeline);
    expect(moved.committed_prefix.length).toBe(risky.committed_prefix.length + 1);
    expect(moved.committed_prefix.map((s) => s.index)).toEqual(moved.committed_prefix.map((_, i) => i));
    expect(moved.intent).not.toBe(risky.intent);
  });
});
