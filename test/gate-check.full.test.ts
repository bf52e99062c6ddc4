import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCorpus, type Episode } from '@carb/episodes';
import { METHOD_SELECTOR } from '@carb/calibrate';
import { resolveGate } from '@carb/deploy';
import { allGridIndices, runCheck } from '@carb/deploy';
import { checkAtBreakpoints } from './helpers/gateCheckBreakpoints.ts';
import { BUNDLED, bundledEpisodes, sharedEpisodes } from './helpers/replayCorpora.ts';
import { ROOT, describeShared } from './helpers/shared.ts';

// `carb gate --check` (App. H) on every episode: the online gate stops where replay stops.
// G-CARB at all 102 grid thresholds; the other selectors at both sides of every decision
// breakpoint of every episode (which covers each of its distinct behaviours), λ⊥ and 1.

const OTHER_METHODS = ['full-prefix', 'fixed-window-4', 'equal-size-random', 'ledger-current'] as const;

function expectAgreement(episodes: readonly Episode[], label: string): void {
  const resolved = resolveGate({ method: 'g-carb' });
  const all = runCheck(episodes, resolved, allGridIndices(resolved));
  expect(all.disagreements, `${label} g-carb`).toEqual([]);
  expect(all.thresholds).toBe(102);
  for (const method of OTHER_METHODS) {
    const r = checkAtBreakpoints(episodes, resolveGate({ method }));
    expect(r.disagreements, `${label} ${method} (${METHOD_SELECTOR[method]})`).toEqual([]);
    expect(r.proposals).toBeGreaterThan(0);
  }
}

describeShared('carb gate --check on every shared AgentDojo episode', () => {
  it('2,587 episodes: 0 disagreements', () => {
    const episodes = sharedEpisodes();
    expect(episodes.length).toBe(2587);
    expectAgreement(episodes, 'shared');
  }, 3_600_000);
});

describe('carb gate --check on every bundled episode', () => {
  it.each(BUNDLED.map((n) => [n]))(
    '%s: 0 disagreements',
    (name) => {
      expectAgreement(bundledEpisodes(name), name);
    },
    3_600_000,
  );

  const gz = readdirSync(join(ROOT, 'corpora')).filter((f) => f.endsWith('.jsonl.gz'));
  it.skipIf(gz.length === 0)(
    `the bundled .jsonl.gz corpora (${gz.join(', ')}): 0 disagreements`,
    () => {
      for (const f of gz) expectAgreement(readCorpus([join(ROOT, 'corpora', f)], { format: 'auto' }).episodes, f);
    },
    3_600_000,
  );
});
