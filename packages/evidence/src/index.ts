export type { PrefixGraph, PrefixGraphBuilder, PrefixGraphOptions, EdgeFilter, PrefixEdge, NodeMarks, Relation } from './types.ts';
export { RELATIONS } from './types.ts';
export { createPrefixGraph } from './graph.ts';
export { selectContext, graphLocal } from './select.ts';
export { isSink, ancestorMask, reachFromSources } from './paths.ts';
export { relationsOf } from './relations.ts';
export { compileRules, type CompiledRules } from './rules.ts';
export { edgeDropout, type EdgeDropoutSource } from './edgeDropout.ts';
