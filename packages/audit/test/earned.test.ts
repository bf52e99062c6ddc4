import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AUDIT_CORPORA } from '../src/corpusFiles.ts';
import { contextOnly } from '../src/guardrails/contextOnly.ts';
import { readItems } from '../src/readItems.ts';
import { auditView } from '../src/view.ts';

// issue 25: results earned, not built in: the corpus must not give the label away.
const general = readItems(AUDIT_CORPORA.general);

describe('the shipped corpus does not give the label away', () => {
  it('context-only baseline: detection on risky SD items − false alarms on their twins ≤ .10 (both suites)', () => {
    for (const file of [AUDIT_CORPORA.general, AUDIT_CORPORA.ecommerce]) {
      const items = readItems(file);
      const flags = (risky: boolean) => items.filter((it) => it.regime === 'state_dependent' && it.risk_label === risky).map((it) => contextOnly.decide(auditView(it)).decision !== 'allow');
      const rate = (xs: boolean[]) => xs.filter(Boolean).length / xs.length;
      const detection = rate(flags(true));
      const falseAlarm = rate(flags(false));
      expect(detection - falseAlarm, file).toBeLessThanOrEqual(0.1);
    }
  });

  it('the context-only baseline reads the context only: the same context gives the same decision whatever the prefix and action', () => {
    const it0 = general[0]!;
    const bare = { ...auditView(it0), intent: 'x', committed_prefix: [], terminal_action: { tool: 'noop', args: {} } };
    expect(contextOnly.decide(bare)).toEqual(contextOnly.decide(auditView(it0)));
    // hand-built contexts: restricted + external blocks, an unauthorized principal blocks, neither allows
    const view = (environment_context: object) => ({ ...bare, environment_context } as Parameters<typeof contextOnly.decide>[0]);
    expect(contextOnly.decide(view({ artifacts: { a: { sensitivity: 'restricted' } }, destinations: { d: { scope: 'external' } }, principals: {} })).decision).toBe('block');
    expect(contextOnly.decide(view({ artifacts: { a: { sensitivity: 'restricted' } }, destinations: { d: { scope: 'internal' } }, principals: {} })).decision).toBe('allow');
    expect(contextOnly.decide(view({ artifacts: {}, destinations: {}, principals: { p: { authorized: false } } })).decision).toBe('block');
  });

  it('lists distractors in every SD context: a restricted and a public artifact, an internal and an external destination, an authorized and an unauthorized principal', () => {
    for (const it of general.filter((x) => x.regime === 'state_dependent')) {
      const c = it.environment_context;
      const sens = new Set(Object.values(c.artifacts).map((a) => a.sensitivity));
      const scopes = new Set(Object.values(c.destinations).map((d) => d.scope));
      const auth = new Set(Object.values(c.principals).map((p) => p.authorized));
      expect([sens.has('restricted'), sens.has('public'), scopes.has('internal'), scopes.has('external'), auth.has(true), auth.has(false)], it.task_id).toEqual([true, true, true, true, true, true]);
    }
  });

  it('task ids are opaque: no regime, mechanism or side in them', () => {
    const rows = readFileSync(AUDIT_CORPORA.general, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as { task_id: string });
    for (const r of rows) expect(r.task_id).toMatch(/^lrb-[0-9a-f]{12}$/);
  });
});
