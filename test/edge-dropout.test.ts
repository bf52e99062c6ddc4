import { describe, expect, it } from 'vitest';
import { createPrefixGraph, edgeDropout, type EdgeFilter, type PrefixGraph } from '@carb/evidence';
import type { Episode } from '@carb/episodes';
import { exceedsGridValue, gridSize, type Score } from '@carb/pipeline';
import { concatBreakpoints, createFusedSession, replayFused, replayParallel, scoreEpisode, type ReplayNoise } from '@carb/replay';
import { DEFAULT_PARAMS, generateGraphBraid } from '@carb/suites';
import { allSelectors } from './helpers/fusedReference.ts';
import { SHARED_SAMPLE, stratifiedSample } from './helpers/episodeSample.ts';
import { defaultPipeline, sharedEpisodes } from './helpers/replayCorpora.ts';
import { describeShared } from './helpers/shared.ts';

// Observable-edge dropout (App. G.2) as a replay perturbation: every edge of the prefix graph,
// whatever relation produced it, dropped with probability p from a draw fixed per
// (noise seed, episode, from, to).

const pipeline = defaultPipeline();
const selectors = allSelectors(pipeline);
const suite = generateGraphBraid(0, { ...DEFAULT_PARAMS, trajectories: 200 });
const withDropout = (p: number): ReplayNoise => ({
  noiseSeed: suite.meta.noiseSeed,
  params: { ...suite.meta.params, scoreNoise: 0, edgeDropout: p },
});

/** The episode's graph with every record executed (no proposal pending). */
function fullGraph(e: Episode, keepEdge?: EdgeFilter | null): PrefixGraph {
  const g = createPrefixGraph(pipeline, keepEdge ? { keepEdge } : {});
  for (const s of e.steps) g.commit(s);
  return g;
}

const pairs = (g: PrefixGraph, i: number): string[] => g.parents(i).map((j) => `${j}>${i}`);

/**
 * Asserts that a pair the proposal of step t had is kept at its execution iff it was kept at
 * the proposal; returns how many edges appeared only with a result (the executed path's own edges).
 */
function sameDecisionsAtExecution(episodes: readonly Episode[], noise: ReplayNoise): number {
  let extra = 0;
  for (const e of episodes) {
    const keep = edgeDropout(noise, e.id)!;
    const plain = createPrefixGraph(pipeline);
    const live = createPrefixGraph(pipeline, { keepEdge: keep });
    for (const s of e.steps) {
      const proposal = { ...s, result: '', error: null, ok: true };
      const t = live.propose(proposal);
      plain.propose(proposal);
      const proposed = pairs(live, t);
      const proposedPlain = pairs(plain, t);
      live.commit(s);
      plain.commit(s);
      expect(pairs(live, t).filter((x) => proposedPlain.includes(x))).toEqual(proposed);
      expect(pairs(live, t)).toEqual(pairs(plain, t).filter((x) => keep(Number(x.split('>')[0]), t)));
      extra += pairs(plain, t).length - proposedPlain.length;
    }
  }
  return extra;
}

describe('edge dropout 0', () => {
  it('draws no filter, and replay equals the unperturbed replay', () => {
    expect(edgeDropout(withDropout(0), suite.episodes[0]!.id)).toBeNull();
    expect(replayFused(suite.episodes, pipeline, selectors, { noise: withDropout(0) })).toEqual(
      replayFused(suite.episodes, pipeline, selectors),
    );
  }, 60_000);
});

describe('edge dropout p: the realized share of dropped edges', () => {
  // every (from, to) pair of the 200 trajectories' full graphs, with the relations it carries
  const edges: Array<{ id: string; from: number; to: number; relations: number }> = [];
  for (const e of suite.episodes) {
    const g = fullGraph(e);
    for (let i = 0; i < g.size; i++) for (const x of g.edges(i)) edges.push({ id: e.id, from: x.from, to: i, relations: x.relations });
  }
  /** |dropped − p·n| within 4 binomial standard deviations. */
  const withinBinomial = (dropped: number, n: number, p: number) => Math.abs(dropped - p * n) <= 4 * Math.sqrt(n * p * (1 - p));

  it.each([0.05, 0.1, 0.2])(
    'p = %f: overall and for every relation present, within 4 sd of p',
    (p) => {
      expect(edges.length).toBeGreaterThan(10_000);
      const noise = withDropout(p);
      let kept = 0;
      for (const e of suite.episodes) {
        const g = fullGraph(e, edgeDropout(noise, e.id));
        for (let i = 0; i < g.size; i++) kept += g.parents(i).length;
      }
      const dropped = edges.length - kept;
      expect(withinBinomial(dropped, edges.length, p), `${dropped} of ${edges.length} dropped`).toBe(true);
      // not only declared provenance (relations 1 and 3): identifier, canary and exact-content edges too
      const filters = new Map(suite.episodes.map((e) => [e.id, edgeDropout(noise, e.id)!]));
      const present: number[] = [];
      for (let r = 1; r <= 8; r++) {
        const of = edges.filter((x) => x.relations & (1 << (r - 1)));
        if (of.length < 400) continue;
        present.push(r);
        const d = of.filter((x) => !filters.get(x.id)!(x.from, x.to)).length;
        expect(withinBinomial(d, of.length, p), `relation ${r}: ${d} of ${of.length} dropped`).toBe(true);
      }
      expect(present).toEqual([1, 2, 3, 4, 8]); // graph-braid has no financial, irreversible or message edges
    },
    60_000,
  );

  it('each episode and noise seed has its own draws', () => {
    const a = edgeDropout(withDropout(0.2), 'ep-a')!;
    const b = edgeDropout(withDropout(0.2), 'ep-b')!;
    const c = edgeDropout({ ...withDropout(0.2), noiseSeed: suite.meta.noiseSeed + 1 }, 'ep-a')!;
    const grid = Array.from({ length: 40 * 40 }, (_, k) => [k % 40, Math.floor(k / 40)] as const);
    expect(grid.some(([f, t]) => a(f, t) !== b(f, t))).toBe(true);
    expect(grid.some(([f, t]) => a(f, t) !== c(f, t))).toBe(true);
    expect(grid.every(([f, t]) => a(f, t) === edgeDropout(withDropout(0.2), 'ep-a')!(f, t))).toBe(true);
  });
});

describe('edge dropout in replay', () => {
  const noise = withDropout(0.2);
  const sample = suite.episodes.slice(0, 60);

  it('the proposal and the executed record of a step lose the same edges', () => {
    sameDecisionsAtExecution(sample, noise);
  });

  it('the fused pass equals each selector replayed alone under the same dropout', () => {
    const fused = replayFused(sample, pipeline, selectors, { noise });
    const drop = (id: string) => edgeDropout(noise, id);
    selectors.forEach(({ selector }, s) => {
      sample.forEach((e, k) => {
        const alone = scoreEpisode(e, pipeline, selector, undefined, drop);
        const from = fused[s]!.stepOffset[k]!;
        expect(Array.from(fused[s]!.contextSize.subarray(from, from + e.steps.length))).toEqual(Array.from(alone.contextSize));
      });
    });
  }, 60_000);

  it('per-episode rows do not depend on replay order, and dropout changes contexts', () => {
    const whole = replayFused(sample, pipeline, selectors, { noise });
    const reversed = [...sample]
      .reverse()
      .map((e) => replayFused([e], pipeline, selectors, { noise }))
      .reverse();
    selectors.forEach((_, s) => expect(concatBreakpoints(reversed.map((t) => t[s]!))).toEqual(whole[s]));
    const clean = replayFused(sample, pipeline, selectors);
    const graph = selectors.findIndex((x) => x.method === 'graph');
    expect(whole[graph]!.contextSize).not.toEqual(clean[graph]!.contextSize);
  }, 60_000);

  // one worker is in edge-dropout.full.test.ts
  it('2 workers give the breakpoint tables of the replay in this thread', async () => {
    const inProcess = replayFused(suite.episodes, pipeline, selectors, { noise });
    expect(await replayParallel(suite.episodes, pipeline, selectors, { workers: 2, noise, episodesPerWorker: 1 })).toEqual(inProcess);
  }, 120_000);

  // graph-braid's edges all exist at the proposal; AgentDojo results add identifier edges at execution
  describeShared('on the shared AgentDojo sample', () => {
    it('edges that appear only with the result follow the same per-pair decisions', () => {
      const agentdojo = stratifiedSample(sharedEpisodes(), SHARED_SAMPLE);
      expect(sameDecisionsAtExecution(agentdojo, noise)).toBeGreaterThan(0);
    }, 120_000);
  });

  it('literal Algorithm 1 at every threshold stops where the single pass says, prefixes nested in λ', () => {
    const G = gridSize(pipeline.grid);
    const tables = replayFused(sample, pipeline, selectors, { noise });
    sample.forEach((e, k) => {
      const lengths = selectors.map(() => new Int32Array(G));
      for (let g = 0; g < G; g++) {
        // a fresh gated run per threshold, with its own dropout filter: stop at the first q_t > λ_g
        const session = createFusedSession(
          pipeline,
          selectors.map((x) => x.selector),
          e.id,
          undefined,
          edgeDropout(noise, e.id),
        );
        const running = selectors.map(() => true);
        for (const s of e.steps) {
          const scores: Score[] = session.decide(s, e.externalScores?.[s.index]).map((d) => d.score);
          scores.forEach((q, i) => {
            if (running[i] && exceedsGridValue(pipeline.grid, q, g)) running[i] = false;
            if (running[i]) lengths[i]![g]!++;
          });
          if (!running.some(Boolean)) break;
          session.execute(s);
        }
      }
      selectors.forEach((x, i) => {
        const t = tables[i]!;
        const from = t.stepOffset[k]!;
        const single = Array.from(
          { length: G },
          (_, g) => t.executesFrom.subarray(from, from + e.steps.length).filter((v) => v <= g).length,
        );
        expect(Array.from(lengths[i]!), `${x.method} ${e.id}`).toEqual(single);
        for (let g = 1; g < G; g++) expect(lengths[i]![g]!).toBeGreaterThanOrEqual(lengths[i]![g - 1]!);
      });
    });
  }, 120_000);
});
