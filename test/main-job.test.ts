import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SummaryRow } from '@carb/calibrate';
import { main } from '../packages/cli/src/main.ts';
import { ROOT } from './helpers/shared.ts';

// The main job (npm start) on the bundled constructed suites, checked against g-carb Table 8 (α = .10).
describe('main job: Table 8 on the bundled suites', () => {
  const out = mkdtempSync(join(tmpdir(), 'carb-main-'));
  let code = -1;
  const rows = (slug: string): SummaryRow[] => JSON.parse(readFileSync(join(out, slug, 'summary.json'), 'utf8')) as SummaryRow[];
  const at = (slug: string, method: string) => rows(slug).find((r) => r.method === method && r.alpha === 0.1)!;
  const cells = (r: SummaryRow) => [r.meanLoss, r.harmStop, r.benignStop, r.intervention, r.utility, r.ctxRed].map((v) => (v === null ? null : Number(v.toFixed(3))));

  beforeAll(async () => {
    code = await main(['main', '--root', ROOT, '--out', out]);
  }, 120_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('writes the report with plots', () => {
    expect(code).toBe(0);
    for (const f of ['index.html', 'tables.md', 'manifest.json', 'ces-clean/frontier.svg', 'ces-clean/frontier.png', 'graph-braid/summary.json', 'ces-near-miss/splits.arrow']) {
      expect(existsSync(join(out, f)), f).toBe(true);
    }
  });

  it('CES clean matches Table 8 (L̄, harm stop, benign stop, I, U, CtxRed)', () => {
    expect(cells(at('ces-clean', 'no-guard'))).toEqual([0.5, 0, 0, 0, 1, null]);
    expect(cells(at('ces-clean', 'ledger-current'))).toEqual([0, 1, 1, 1, 0, 0.846]);
    expect(cells(at('ces-clean', 'full-prefix'))).toEqual([0, 1, 0, 0.5, 0.5, 0]);
    expect(cells(at('ces-clean', 'fixed-window-4'))).toEqual([0, 1, 0, 0.5, 0.5, 0.462]);
    expect(cells(at('ces-clean', 'equal-size-random'))).toEqual([0, 1, 1, 1, 0, 0.346]);
    expect(cells(at('ces-clean', 'g-carb'))).toEqual([0, 1, 0, 0.5, 0.5, 0.346]);
  });

  it('CES near-miss matches Table 8', () => {
    expect(cells(at('ces-near-miss', 'no-guard'))).toEqual([0.25, 0, 0, 0, 1, null]);
    expect(cells(at('ces-near-miss', 'ledger-current'))).toEqual([0, 1, 0.667, 0.75, 0.25, 0.853]);
    expect(cells(at('ces-near-miss', 'full-prefix'))).toEqual([0, 1, 0.333, 0.5, 0.5, 0]);
    expect(cells(at('ces-near-miss', 'fixed-window-4'))).toEqual([0, 1, 0.333, 0.5, 0.5, 0.481]);
    expect(cells(at('ces-near-miss', 'equal-size-random'))).toEqual([0, 1, 0.667, 0.75, 0.25, 0.395]);
    expect(cells(at('ces-near-miss', 'g-carb'))).toEqual([0, 1, 0, 0.25, 0.75, 0.395]);
  });

  it('graph-braid: every gated method stops every harmful sink; G-CARB and ledger-current avoid benign stops', () => {
    for (const m of ['ledger-current', 'full-prefix', 'fixed-window-4', 'equal-size-random', 'g-carb']) {
      const r = at('graph-braid', m);
      expect(r.meanLoss, m).toBe(0);
      expect(r.harmStop, m).toBe(1);
    }
    // Table 8 cells reproduced exactly (bundled corpus: seed 17, realized share .3895)
    expect(cells(at('graph-braid', 'no-guard'))).toEqual([0.39, 0, 0, 0, 1, null]);
    expect(cells(at('graph-braid', 'ledger-current'))).toEqual([0, 1, 0, 0.39, 0.61, 0.898]);
    expect(cells(at('graph-braid', 'g-carb')).slice(0, 5)).toEqual([0, 1, 0, 0.39, 0.61]);
    expect(cells(at('graph-braid', 'fixed-window-4'))[5]).toBe(0.067);
    expect(cells(at('graph-braid', 'g-carb')).slice(1, 3)).toEqual([1, 0]);
    expect(at('graph-braid', 'full-prefix').intervention).toBe(1);
    expect(at('graph-braid', 'full-prefix').utility).toBe(0);
  });

  it('is reproducible: carb verify re-runs a section on its own byte for byte', async () => {
    // the whole folder re-runs every section: test/verify-tamper.test.ts does that on a small job
    expect(await main(['verify', join(out, 'ces-clean')])).toBe(0);
  }, 120_000);
});
