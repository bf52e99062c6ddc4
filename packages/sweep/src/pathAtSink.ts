import type { Episode } from '@carb/episodes';
import { edgeDropout } from '@carb/evidence';
import type { Pipeline, SelectorConfig } from '@carb/pipeline';
import { createScoringSession, type ReplayNoise } from '@carb/replay';
import { scoreFeatures } from '@carb/scorer';

/**
 * Whether each episode's sink proposal fires the source-to-sink path feature (Table 1
 * `sourceReachesSink`) on the context `selector` picks there: 1 fired, 0 not, −1 no sink
 * proposal. The prefix is rebuilt from the ungated log (the records before the sink all
 * execute), so this is an evidence property at the sink, measured whether or not the gate
 * stopped the episode earlier (App. G.1 path recall / false path). Edge dropout, when the
 * condition has it, removes the same edges as in the replay (same seeded filter).
 */
export function pathAtSink(
  episodes: readonly Episode[],
  sinkSteps: Int32Array,
  pipeline: Pipeline,
  selector: SelectorConfig,
  noise: ReplayNoise | null,
): Int8Array {
  const fired = new Int8Array(episodes.length).fill(-1);
  episodes.forEach((episode, e) => {
    const s = sinkSteps[e]!;
    if (s < 0) return;
    let reaches = -1;
    const observe = (graph: Parameters<typeof scoreFeatures>[0], selected: Int32Array) => {
      reaches = scoreFeatures(graph, selected).sourceReachesSink;
    };
    const keep = noise?.params.edgeDropout ? edgeDropout(noise, episode.id) : null;
    const session = createScoringSession(pipeline, selector, episode.id, observe, keep);
    for (let t = 0; t < s; t++) session.admit(episode.steps[t]!);
    session.decide(episode.steps[s]!, episode.externalScores?.[s]);
    fired[e] = reaches;
  });
  return fired;
}
