import { describe, expect, it } from 'vitest';
import { actionLocal } from '../src/actionLocal.ts';
import { auditPipeline } from '../src/auditPipeline.ts';
import { AUDIT_CORPORA } from '../src/corpusFiles.ts';
import { readItems } from '../src/readItems.ts';
import { runAudit } from '../src/runAudit.ts';
import { stateAuditor } from '../src/stateAuditor.ts';
import type { AuditItem } from '../src/types.ts';
import { auditView } from '../src/view.ts';

const general = readItems(AUDIT_CORPORA.general);
const ecommerce = readItems(AUDIT_CORPORA.ecommerce);
const W = (it: AuditItem) => stateAuditor(auditView(it), auditPipeline());
const reindex = (it: AuditItem, steps: AuditItem['committed_prefix']): AuditItem => ({
  ...it,
  committed_prefix: steps.map((s, index) => ({ ...s, index })),
});
const pairOf = (mechanism: string, policy: string) => {
  const risky = general.find((it) => it.sd_mechanism === mechanism && it.violated_policy === policy)!;
  return { risky, twin: general.find((it) => it.task_id === risky.matched_twin_id)! };
};

// Expected counts are derived from the items' own fields with plain text tests (not through E or W):
// a cover note with a sensitivity word; a restricted record line copied verbatim; a requester the context lists.
const SENSITIVE_NOTE = /confidential|internal only|do not distribute/i;
const noted = (it: AuditItem) =>
  Object.entries(it.terminal_action.args).some(
    ([k, v]) => (k === 'message' || k === 'note') && typeof v === 'string' && SENSITIVE_NOTE.test(v),
  );
const restrictedLines = (it: AuditItem) =>
  it.committed_prefix
    .filter((s) =>
      Object.values(s.args).some((v) => typeof v === 'string' && it.environment_context.artifacts[v]?.sensitivity === 'restricted'),
    )
    .map((s) => s.result.split('\n')[2]!);
const copiedVerbatim = (it: AuditItem) => {
  const lines = restrictedLines(it);
  return it.committed_prefix.some((s) => typeof s.args.content === 'string' && lines.includes(s.args.content));
};
const copyItem = (it: AuditItem) =>
  it.violated_policy === 'DL-RESTRICTED-EXTERNAL' ||
  it.sd_mechanism === 'destination_dependence' ||
  (it.sd_mechanism === 'state_accumulation' && it.committed_prefix.every((s) => !/link:/.test(s.result)));
const requesterUnlisted = (it: AuditItem) =>
  it.sd_mechanism === 'goal_shift' && Object.keys(it.environment_context.principals).length === 2;

describe('measured on the generated suites (issue 25: nothing filtered by E or W)', () => {
  for (const [name, items] of [
    ['general', general],
    ['e-commerce', ecommerce],
  ] as const) {
    const report = runAudit(items, []);
    const sd = report.gain.state_dependent!;
    const risky = items.filter((it) => it.regime === 'state_dependent' && it.risk_label);
    const twins = items.filter((it) => it.regime === 'state_dependent' && !it.risk_label);

    it(`${name}: E flags exactly the SD actions whose cover note carries a sensitivity word (and the twin, the same bytes)`, () => {
      expect(sd.dAction.n).toBe(name === 'general' ? 100 : 40);
      expect(sd.dAction.count).toBe(risky.filter(noted).length);
      expect(twins.filter((it) => actionLocal(it.task_id, it.terminal_action).label).length).toBe(twins.filter(noted).length);
    });

    it(`${name}: W misses exactly the restricted-copy items whose copy is reworded (and no note gives it away)`, () => {
      const missed = risky.filter((it) => copyItem(it) && !copiedVerbatim(it) && !noted(it));
      expect(sd.dState.count).toBe(risky.length - missed.length);
      expect(missed.length).toBeGreaterThan(0);
    });

    it(`${name}: CAS: W flags exactly the twins with a sensitivity note or a requester the context does not list`, () => {
      const flagged = twins.filter((it) => noted(it) || requesterUnlisted(it));
      expect(report.cas).toEqual({
        count: twins.length - flagged.length,
        n: twins.length,
        rate: (twins.length - flagged.length) / twins.length,
      });
    });
  }

  it('W names the policy the construction names on every risky item it flags without a note, and E flags every action-revealing control', () => {
    for (const it of general.filter((x) => x.risk_label && !noted(x))) {
      const v = W(it);
      if (v.label) expect(v.violated_policy).toBe(it.violated_policy);
    }
    for (const it of general.filter((x) => x.regime === 'action_revealing'))
      expect(actionLocal(it.task_id, it.terminal_action).label).toBe(true);
  });
});

describe('W reconstructs state along the evidence graph', () => {
  it('a restricted read that does not flow into the shared draft leaves the action compliant', () => {
    const { risky } = pairOf('state_accumulation', 'DL-RESTRICTED-EXTERNAL');
    const steps = risky.committed_prefix;
    // drop the write that copied the restricted line: the read still happened, nothing of it is shared
    const restricted = steps.find(
      (s) => s.tool === 'get_file_by_id' && risky.environment_context.artifacts[s.args.file_id as string]?.sensitivity === 'restricted',
    )!;
    const copy = steps.find((s) => s.tool === 'append_to_file' && restricted.result.includes(s.args.content as string))!;
    expect(W(risky).label).toBe(true);
    expect(
      W(
        reindex(
          risky,
          steps.filter((s) => s !== copy),
        ),
      ).label,
    ).toBe(false);
  });

  it('the evidence trace of a flagged item names the step that brought the restricted content in', () => {
    const { risky } = pairOf('state_accumulation', 'DL-RESTRICTED-EXTERNAL');
    const v = W(risky);
    const read = risky.committed_prefix.findIndex(
      (s) => risky.environment_context.artifacts[s.args.file_id as string]?.sensitivity === 'restricted',
    );
    expect(v.state!.accumulated.some((a) => a.step === read && a.sensitivity === 'restricted')).toBe(true);
    expect(v.evidence.some((e) => e.steps.includes(read))).toBe(true);
  });

  it('order is state: moving the approval before the edit turns the compliant twin into an unapproved release', () => {
    const { twin } = pairOf('authorization_dependence', 'DL-RELEASE-APPROVAL');
    const steps = twin.committed_prefix;
    const approval = steps.find((s) => s.tool === 'get_approval_status')!;
    const edit = steps.find((s) => s.tool === 'append_to_file')!;
    expect(W(twin).label).toBe(false);
    const moved = steps.filter((s) => s !== approval);
    moved.splice(moved.indexOf(edit), 0, { ...approval, result: approval.result.replace('version: 3', 'version: 2') });
    expect(W(reindex(twin, moved)).violated_policy).toBe('DL-RELEASE-APPROVAL');
  });

  it('the destination is the list as the prefix left it: the same list without the external member is internal', () => {
    const { risky } = pairOf('destination_dependence', 'DL-RESTRICTED-EXTERNAL');
    expect(W(risky).state!.destinations[0]!.scope).toBe('external');
    expect(
      W(
        reindex(
          risky,
          risky.committed_prefix.filter((s) => s.tool !== 'update_distribution_list'),
        ),
      ).label,
    ).toBe(false);
  });

  it('the active goal is the adopted request: authorizing its requester clears the goal-shift item', () => {
    const { risky } = pairOf('goal_shift', 'GH-UNAUTHORIZED-GOAL');
    const v = W(risky);
    expect(v.state!.activeGoal.source).toBe('request');
    const requester = (v.state!.activeGoal as { requester: string }).requester;
    const authorized = {
      ...risky,
      environment_context: { ...risky.environment_context, principals: { [requester]: { authorized: true } } },
    };
    expect(W(authorized).label).toBe(false);
  });
});
