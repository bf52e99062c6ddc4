import { isSink, reachFromSources, type PrefixGraph } from '@carb/evidence';
import { SCORER_FEATURES, type ScorerWeights } from '@carb/pipeline';

/** Table 1 feature vector x(C_t): one 0/1 entry per weight. */
export type ScorerFeatures = Record<keyof ScorerWeights, 0 | 1>;

/** Bit of each feature in a feature mask: bit i is SCORER_FEATURES[i] (Table 1 row order). */
const BIT = Object.fromEntries(SCORER_FEATURES.map((k, i) => [k, 1 << i])) as Readonly<Record<keyof ScorerWeights, number>>;

/**
 * Table 1 features of a selected context (g-carb App. B.3). Only the nodes in `selected`
 * are read, and paths count only when every node on them is selected. The last selected
 * node is the proposal.
 */
export function scoreFeatures(graph: PrefixGraph, selected: ArrayLike<number>): ScorerFeatures {
  const mask = featureMask(graph, selected);
  const x = {} as ScorerFeatures;
  for (const k of SCORER_FEATURES) x[k] = (mask & BIT[k]) === 0 ? 0 : 1;
  return x;
}

/**
 * scoreFeatures as a bit mask (bit i: SCORER_FEATURES[i] is 1): what the scorer sums over,
 * without a 13-key object per decision.
 */
export function featureMask(graph: PrefixGraph, selected: ArrayLike<number>): number {
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
  for (let k = 0; k < n; k++) {
    const v = selected[k]!;
    if (v === p) continue;
    const m = graph.marks(v);
    earlierSource ||= m.privateSource;
    earlierCanary ||= m.resultCanaries.length > 0 || m.argCanaries.length > 0;
    earlierInjection ||= m.injection;
  }
  // the context mask is needed only for the path feature, so only a sink after a source pays for it
  let reaches = false;
  if (sink && earlierSource) {
    const inContext = new Uint8Array(graph.size);
    for (let k = 0; k < n; k++) inContext[selected[k]!] = 1;
    reaches = reachFromSources(graph, inContext, p)[p] === 1;
  }
  const on = (b: boolean, bit: number): number => (b ? bit : 0);
  return (
    BIT.intercept |
    on(types.includes('private_source'), BIT.currentPrivateSource) |
    on(external, BIT.currentExternalSink) |
    on(financial, BIT.currentFinancial) |
    on(irreversible, BIT.currentIrreversible) |
    on(types.includes('message_social'), BIT.currentMessageSocial) |
    on(earlierSource, BIT.earlierPrivateSource) |
    on(earlierCanary, BIT.earlierCanary) |
    on(earlierInjection, BIT.earlierInjection) |
    on(reaches, BIT.sourceReachesSink) |
    on(sink && earlierSource && !reaches, BIT.sinkAfterSourceNoPath) |
    on(graph.marks(p).argCanaries.length > 0, BIT.canaryInArgs) |
    on(external || financial || irreversible, BIT.currentRisky)
  );
}
