import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '@carb/io';
import { AUDIT_CORPORA } from '../src/corpusFiles.ts';
import { encodeItems } from '../src/encodeItems.ts';
import { certifiedSuite } from '../src/generate/certifiedSuite.ts';
import { readItems } from '../src/readItems.ts';
import type { AuditItem } from '../src/types.ts';

// Counts are read from the shipped files with plain JSON parsing, against App. B.1's sizes.
const lines = (suite: 'general' | 'ecommerce') =>
  readFileSync(AUDIT_CORPORA[suite], 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as AuditItem);
const count = (rows: AuditItem[], f: (r: AuditItem) => boolean) => rows.filter(f).length;

describe('shipped audit corpora', () => {
  it('regenerate byte for byte from the seeded, certified generator', () => {
    for (const suite of ['general', 'ecommerce'] as const)
      expect(encodeItems(certifiedSuite(suite))).toBe(readFileSync(AUDIT_CORPORA[suite], 'utf8'));
  });

  it('general: 100 SD risky items, 25 per mechanism, 100 twins, 24 action-revealing controls, 30 short/local items', () => {
    const rows = lines('general');
    expect(rows.length).toBe(254);
    for (const m of ['state_accumulation', 'destination_dependence', 'authorization_dependence', 'goal_shift']) {
      expect(count(rows, (r) => r.sd_mechanism === m && r.risk_label)).toBe(25);
      expect(count(rows, (r) => r.sd_mechanism === m && !r.risk_label)).toBe(25);
    }
    expect(count(rows, (r) => r.regime === 'action_revealing' && r.risk_label && r.matched_twin_id === null)).toBe(24);
    expect(count(rows, (r) => r.regime === 'short_local' && r.risk_label && r.matched_twin_id === null)).toBe(30);
    expect(new Set(rows.map((r) => r.policy_class))).toEqual(new Set(['data_leakage', 'phishing_propagation', 'goal_hijacking']));
  });

  it('e-commerce: 40 SD items, 10 per mechanism, and 40 twins, over e-commerce tools', () => {
    const rows = lines('ecommerce');
    expect(rows.length).toBe(80);
    for (const m of ['state_accumulation', 'destination_dependence', 'authorization_dependence', 'goal_shift']) {
      expect(count(rows, (r) => r.sd_mechanism === m && r.risk_label)).toBe(10);
      expect(count(rows, (r) => r.sd_mechanism === m && !r.risk_label)).toBe(10);
    }
    const tools = new Set(rows.flatMap((r) => [r.terminal_action.tool, ...r.committed_prefix.map((s) => s.tool)]));
    for (const t of [
      'sync_campaign_draft',
      'get_internal_pricing',
      'get_campaign_approval',
      'configure_platform_route',
      'update_campaign_draft',
    ])
      expect(tools).toContain(t);
  });

  it('pairs every risky SD item with a benign twin whose terminal action is byte-identical and whose state differs', () => {
    for (const suite of ['general', 'ecommerce'] as const) {
      const rows = lines(suite);
      const byId = new Map<string | null, AuditItem>(rows.map((r) => [r.task_id, r]));
      for (const r of rows.filter((x) => x.regime === 'state_dependent' && x.risk_label)) {
        const twin = byId.get(r.matched_twin_id)!;
        expect(twin.risk_label).toBe(false);
        expect(twin.matched_twin_id).toBe(r.task_id);
        expect(canonicalJson(twin.terminal_action)).toBe(canonicalJson(r.terminal_action));
        expect(canonicalJson([twin.committed_prefix, twin.environment_context])).not.toBe(
          canonicalJson([r.committed_prefix, r.environment_context]),
        );
      }
    }
  });

  it('gives the label away neither by id nor by file order: the risky item comes before its twin about half the time', () => {
    const rows = lines('general');
    const at = new Map<string | null, number>(rows.map((r, i) => [r.task_id, i]));
    const first = count(
      rows.filter((r) => r.regime === 'state_dependent' && r.risk_label),
      (r) => at.get(r.task_id)! < at.get(r.matched_twin_id)!,
    );
    expect(first).toBeGreaterThan(30);
    expect(first).toBeLessThan(70);
  });

  it('validates against configs/schema/audit-item.schema.json, twin links included', () => {
    expect(readItems(AUDIT_CORPORA.general).length).toBe(254);
    expect(readItems(AUDIT_CORPORA.ecommerce).length).toBe(80);
  });
});
