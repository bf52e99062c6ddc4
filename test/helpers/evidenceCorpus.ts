import { expect } from 'vitest';
import type { Episode } from '@carb/episodes';
import { createPrefixGraph, selectContext, type PrefixGraph } from '@carb/evidence';
import { withSelector, type Pipeline } from '@carb/pipeline';

function snapshot(g: PrefixGraph): string {
  const out: unknown[] = [];
  for (let i = 0; i < g.size; i++) out.push([g.record(i), g.types(i), g.marks(i), g.edges(i)]);
  return JSON.stringify(out);
}

export const proposalOf = (s: Episode['steps'][number]) => ({ ...s, result: '', error: null });

/** Incremental build = a fresh build at every decision; returns the decisions checked, throws at the first difference. */
export function checkIncrementalBuild(episodes: readonly Episode[], pipeline: Pipeline): number {
  let decisions = 0;
  for (const ep of episodes) {
    const live = createPrefixGraph(pipeline);
    ep.steps.forEach((s, t) => {
      live.propose(proposalOf(s));
      const fresh = createPrefixGraph(pipeline);
      for (let i = 0; i < t; i++) {
        fresh.propose(proposalOf(ep.steps[i]!));
        fresh.commit(ep.steps[i]!);
      }
      fresh.propose(proposalOf(s));
      if (snapshot(live) !== snapshot(fresh)) throw new Error(`${ep.id}: graphs differ at decision ${t}`);
      live.commit(s);
      decisions++;
    });
  }
  return decisions;
}

/**
 * Graph-local context is smaller than the full prefix in total, and equal-size random picks
 * exactly as many records at every decision; prints the mean sizes.
 */
export function checkContextSizes(episodes: readonly Episode[], pipeline: Pipeline, label: string): void {
  const sum = { full: 0, graph: 0, decisions: 0 };
  const random = withSelector(pipeline, { kind: 'random' }).selector;
  for (const ep of episodes) {
    const g = createPrefixGraph(pipeline);
    for (const s of ep.steps) {
      g.propose(proposalOf(s));
      const graph = selectContext(g, pipeline.selector, { episodeId: ep.id }).length;
      const r = selectContext(g, random, { episodeId: ep.id }).length;
      if (r !== graph) throw new Error(`${ep.id} step ${s.index}: random picks ${r} records, graph-local ${graph}`);
      sum.graph += graph;
      sum.full += g.size;
      sum.decisions++;
      g.commit(s);
    }
  }
  process.stdout.write(
    `[evidence] ${label}: decisions ${sum.decisions}: mean full ${(sum.full / sum.decisions).toFixed(3)}, graph-local ${(sum.graph / sum.decisions).toFixed(3)} (ratio ${(sum.graph / sum.full).toFixed(3)})\n`,
  );
  expect(sum.full).toBe(episodes.reduce((n, e) => n + (e.steps.length * (e.steps.length + 1)) / 2, 0));
  expect(sum.graph).toBeLessThan(sum.full);
}
