import { isSink, reachFromSources, type PrefixGraph } from '@carb/evidence';
import type { ScorerWeights } from '@carb/pipeline';

/** Table 1 feature vector x(C_t): one 0/1 entry per weight. */
export type ScorerFeatures = Record<keyof ScorerWeights, 0 | 1>;

/**
 * Table 1 features of a selected context (g-carb App. B.3). Only the nodes in `selected`
 * are read, and paths count only when every node on them is selected. The last selected
 * node is the proposal.
 */
export function scoreFeatures(graph: PrefixGraph, selected: ArrayLike<number>): ScorerFeatures {
  const n = selected.length;
  if (n === 0) throw new Error('scoreFeatures: empty context (the proposal is always selected)');
  const p = selected[n - 1]!;
  const types = graph.types(p);
  const sink = isSink(types);
  const external = types.includes('external_sink');
  const financial = types.includes('financial');
  const irreversible = types.includes('irreversible');

  let earlierSource = false;
  let earlierCanary = false;
  let earlierInjection = false;
  const inContext = new Uint8Array(graph.size);
  for (let k = 0; k < n; k++) {
    const v = selected[k]!;
    inContext[v] = 1;
    if (v === p) continue;
    const m = graph.marks(v);
    earlierSource ||= m.privateSource;
    earlierCanary ||= m.resultCanaries.length > 0 || m.argCanaries.length > 0;
    earlierInjection ||= m.injection;
  }
  const reaches = sink && earlierSource && reachFromSources(graph, inContext, p)[p] === 1;
  const on = (b: boolean): 0 | 1 => (b ? 1 : 0);
  return {
    intercept: 1,
    currentPrivateSource: on(types.includes('private_source')),
    currentExternalSink: on(external),
    currentFinancial: on(financial),
    currentIrreversible: on(irreversible),
    currentMessageSocial: on(types.includes('message_social')),
    earlierPrivateSource: on(earlierSource),
    earlierCanary: on(earlierCanary),
    earlierInjection: on(earlierInjection),
    sourceReachesSink: on(reaches),
    sinkAfterSourceNoPath: on(sink && earlierSource && !reaches),
    canaryInArgs: on(graph.marks(p).argCanaries.length > 0),
    currentRisky: on(external || financial || irreversible),
  };
}
