// npx tsx scripts/braid-dropout.ts [seed=0]: what observable-edge dropout (App. G.2) does to the
// graph-braid corpus at the condition's rates and at p = 1 (every edge dropped, where the graph-local
// context is the proposal alone). Per rate: harmful sends left without a private-source → sink
// path in their G-CARB context, the sends' direct private-source parents, the G-CARB scores of the
// sends, and the highest G-CARB score of benign work (every proposal of a benign trajectory, and of
// a harmful one before its send). The recalibrated threshold can stop benign work only when some
// send scores no higher than that maximum (corpora/README.md, graph-braid, "Edge dropout").
import { createPrefixGraph, edgeDropout, graphLocal, reachFromSources } from '@carb/evidence';
import { defaultPipelinePath, loadPipeline, scoreValue, withSelector } from '@carb/pipeline';
import { scoreEpisode } from '@carb/replay';
import { BRAID_SINK_STEP, DEFAULT_PARAMS, generateGraphBraid } from '@carb/suites';

const seed = Number(process.argv[2] ?? 0);
const pipeline = loadPipeline(defaultPipelinePath());
const graph = withSelector(pipeline, { kind: 'graph' }).selector;
const suite = generateGraphBraid(seed, DEFAULT_PARAMS);
const tally = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
const show = (m: Map<string, number>) =>
  [...m]
    .sort()
    .map(([k, n]) => `${k} ×${n}`)
    .join(', ');

for (const p of [0, 0.05, 0.1, 0.2, 1]) {
  const noise = { noiseSeed: suite.meta.noiseSeed, params: { edgeDropout: p } };
  let sends = 0;
  let pathless = 0;
  let contextSum = 0;
  const sourceParents = new Map<string, number>();
  const sendScores = new Map<string, number>();
  const benignMax = new Map<string, number>();
  suite.episodes.forEach((episode, e) => {
    const harmful = suite.labels[e]!.harmful;
    const keepEdge = edgeDropout(noise, episode.id);
    const g = createPrefixGraph(pipeline, keepEdge ? { keepEdge } : {});
    for (const step of episode.steps) {
      const t = g.propose({ ...step, result: '', error: null, ok: true });
      if (harmful && step.index === BRAID_SINK_STEP) {
        sends++;
        const context = graphLocal(g, t);
        contextSum += context.length;
        const mask = new Uint8Array(g.size);
        for (const v of context) mask[v] = 1;
        if (reachFromSources(g, mask, t)[t] !== 1) pathless++;
        tally(sourceParents, String(g.parents(t).filter((j) => g.marks(j).privateSource).length));
      }
      g.commit(step);
    }
    const { scores } = scoreEpisode(episode, pipeline, graph, undefined, () => keepEdge);
    const benignWork = harmful ? scores.slice(0, BRAID_SINK_STEP) : scores;
    tally(benignMax, Math.max(...benignWork.map(scoreValue)).toFixed(2));
    if (harmful) tally(sendScores, scoreValue(scores[BRAID_SINK_STEP]!).toFixed(2));
  });
  console.log(
    `p = ${p}: ${pathless} of ${sends} harmful sends without a source → sink path; mean G-CARB context at the send ${(contextSum / sends).toFixed(2)}`,
  );
  console.log(`  direct private-source parents of the send: ${show(sourceParents)}`);
  console.log(`  G-CARB score of the send: ${show(sendScores)}; highest G-CARB score of benign work per trajectory: ${show(benignMax)}`);
}
