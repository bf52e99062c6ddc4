import { expect } from 'vitest';
import type { Episode } from '@carb/episodes';
import { SELECTOR_KINDS, withSelector, type Pipeline, type SelectorConfig } from '@carb/pipeline';
import {
  breakpointTable,
  ledgerTraces,
  noisyScore,
  replayFused,
  scoreEpisode,
  type BreakpointTable,
  type FusedSelector,
  type ReplayNoise,
} from '@carb/replay';

/** The five selectors of the pipeline, each recorded under its kind. */
export function allSelectors(pipeline: Pipeline): FusedSelector[] {
  return SELECTOR_KINDS.map((kind) => ({ method: kind, selector: withSelector(pipeline, { kind }).selector }));
}

/** The reference: one selector replayed on its own (its own prefix graph per episode), then the reference builder. */
export function perSelector(
  episodes: readonly Episode[],
  p: Pipeline,
  selector: SelectorConfig,
  method: string,
  noise: ReplayNoise | null,
): BreakpointTable {
  const perturb = noise ? (id: string, t: number, q: number) => noisyScore(noise, id, t, q) : undefined;
  return breakpointTable(
    method,
    p.grid,
    episodes,
    episodes.map((e) => scoreEpisode(e, p, selector, perturb)),
    ledgerTraces(episodes, p),
  );
}

/** Asserts the fused pass over all five selectors equals the per-selector reference; returns the fused tables. */
export function expectSameAsReference(episodes: readonly Episode[], pipeline: Pipeline, noise: ReplayNoise | null): BreakpointTable[] {
  const selectors = allSelectors(pipeline);
  const fused = replayFused(episodes, pipeline, selectors, { noise });
  expect(fused.map((t) => t.method)).toEqual([...SELECTOR_KINDS]);
  selectors.forEach(({ method, selector }, s) => {
    const bt = fused[s]!;
    expect(bt.n).toBe(episodes.length);
    expect(bt.executesFrom.length).toBe(episodes.reduce((n, e) => n + e.steps.length, 0));
    expect(bt).toEqual(perSelector(episodes, pipeline, selector, method, noise));
  });
  return fused;
}
