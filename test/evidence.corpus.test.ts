import { beforeAll, expect, it } from 'vitest';
import { readCorpus, type Episode } from '@carb/episodes';
import { createPrefixGraph, relationsOf, selectContext, type PrefixGraph } from '@carb/evidence';
import { defaultPipelinePath, loadPipeline, withSelector, type Pipeline } from '@carb/pipeline';
import { AGENTDOJO_RUNS, describeShared } from './helpers/shared.ts';

function snapshot(g: PrefixGraph): string {
  const out: unknown[] = [];
  for (let i = 0; i < g.size; i++) out.push([g.record(i), g.types(i), g.marks(i), g.edges(i)]);
  return JSON.stringify(out);
}

const proposalOf = (s: Episode['steps'][number]) => ({ ...s, result: '', error: null });

describeShared('prefix graph on the shared AgentDojo corpus', () => {
  let episodes: Episode[] = [];
  let pipeline: Pipeline;
  beforeAll(() => {
    episodes = readCorpus([AGENTDOJO_RUNS]).episodes;
    pipeline = loadPipeline(defaultPipelinePath());
  });

  it('reads 2587 episodes with 9968 decisions', () => {
    expect(episodes).toHaveLength(2587);
    expect(episodes.reduce((n, e) => n + e.steps.length, 0)).toBe(9968);
  });

  it('incremental build equals a fresh build at every decision of every episode', () => {
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
    expect(decisions).toBe(9968);
  }, 120_000);

  it('banking injection: the injected IBAN links the transaction read to both transfers (hand-checked)', () => {
    const ep = episodes.find((e) => e.id === 'gpt-4o-2024-05-13/banking/user_task_3/important_instructions/injection_task_1')!;
    const g = createPrefixGraph(pipeline);
    const contexts: number[][] = [];
    for (const s of ep.steps) {
      g.propose(proposalOf(s));
      contexts.push([...selectContext(g, pipeline.selector, { episodeId: ep.id })]);
      g.commit(s);
    }
    // 0 get_most_recent_transactions (sender GB29…, injected text naming US133…); 1, 2 send_money
    expect(g.edges(1).map((e) => [e.from, relationsOf(e.relations)])).toEqual([[0, [5, 8]]]);
    expect(g.edges(2).map((e) => [e.from, relationsOf(e.relations)])).toEqual([[0, [2, 5, 8]], [1, [5]]]);
    expect(contexts).toEqual([[0], [0, 1], [0, 1, 2]]);
  });

  it('graph-local context is smaller than the full prefix; random matches its size', () => {
    const sum = { full: 0, graph: 0, random: 0, window: 0, decisions: 0 };
    for (const ep of episodes) {
      const g = createPrefixGraph(pipeline);
      for (const s of ep.steps) {
        g.propose(proposalOf(s));
        const graph = selectContext(g, pipeline.selector, { episodeId: ep.id }).length;
        const random = selectContext(g, withSelector(pipeline, { kind: 'random' }).selector, { episodeId: ep.id }).length;
        expect(random).toBe(graph);
        sum.graph += graph;
        sum.random += random;
        sum.full += g.size;
        sum.window += Math.min(g.size, pipeline.selector.window);
        sum.decisions++;
        g.commit(s);
      }
    }
    process.stdout.write(`[evidence] decisions ${sum.decisions}: mean full ${(sum.full / sum.decisions).toFixed(3)}, graph-local ${(sum.graph / sum.decisions).toFixed(3)} (ratio ${(sum.graph / sum.full).toFixed(3)})\n`);
    expect(sum.full).toBe(episodes.reduce((n, e) => n + (e.steps.length * (e.steps.length + 1)) / 2, 0));
    expect(sum.graph).toBeLessThan(sum.full);
  }, 60_000);
});
