import type { PolicyStep } from '@carb/episodes/policy';
import { toolTypes, type Pipeline, type ToolType } from '@carb/pipeline';
import { recordKeys, type RecordKeys } from './recordKeys.ts';
import { compileRules, type CompiledRules } from './rules.ts';
import { SpanIndex } from './spanIndex.ts';
import type { NodeMarks, PrefixEdge, PrefixGraphBuilder } from './types.ts';

interface Node {
  readonly record: PolicyStep;
  readonly types: readonly ToolType[];
  readonly marks: NodeMarks;
  readonly edges: readonly PrefixEdge[];
  readonly parents: readonly number[];
}

const bit = (relation: number): number => 1 << (relation - 1);

/**
 * Incremental prefix dependency graph (g-carb App. B.2). Committed records are kept in
 * inverted indexes (identifier / span → nodes), so adding a node costs lookups of its own
 * keys, never a scan of earlier records. A node's incoming edges depend only on earlier
 * committed records and its own visible fields, so an incremental build and a fresh build
 * of the same prefix are identical.
 */
export function createPrefixGraph(pipeline: Pipeline): PrefixGraphBuilder {
  const rules = compileRules(pipeline);
  const nodes: Node[] = [];
  let pending = false;
  const index = new Indexes(rules);

  const node = (i: number): Node => {
    const n = nodes[i];
    if (n === undefined) throw new Error(`prefix graph: node ${i} out of range (size ${nodes.length})`);
    return n;
  };

  const build = (record: PolicyStep, at: number): { node: Node; keys: RecordKeys } => {
    const keys = recordKeys(record, rules);
    const types = toolTypes(pipeline.toolTyping, record.tool);
    const marks: NodeMarks = {
      // a failed private read delivered nothing; a canary in a result is private data whatever the tool
      privateSource: (types.includes('private_source') && record.ok) || keys.resultCanaries.length > 0,
      resultCanaries: keys.resultCanaries,
      argCanaries: keys.argCanaries,
      injection: record.result.length > 0 && rules.injection.some((re) => re.test(record.result)),
    };
    const edges = index.incoming(keys, types, at);
    return { node: { record, types, marks, edges, parents: edges.map((e) => e.from) }, keys };
  };

  return {
    get size() {
      return nodes.length;
    },
    get pending() {
      return pending;
    },
    parents: (i) => node(i).parents,
    edges: (i) => node(i).edges,
    record: (i) => node(i).record,
    types: (i) => node(i).types,
    marks: (i) => node(i).marks,
    propose(step) {
      if (pending) throw new Error(`prefix graph: proposal for step ${step.index} while step ${node(nodes.length - 1).record.index} is still pending`);
      const visible: PolicyStep = { ...step, result: '', error: null };
      nodes.push(build(visible, nodes.length).node);
      pending = true;
      return nodes.length - 1;
    },
    commit(step) {
      let at = nodes.length;
      if (pending) {
        const proposed = node(at - 1).record;
        if (proposed.index !== step.index || proposed.tool !== step.tool) {
          throw new Error(`prefix graph: commit of step ${step.index} (${step.tool}) does not match pending proposal ${proposed.index} (${proposed.tool})`);
        }
        at -= 1;
      }
      // edges into the executed node are recomputed from the full record, exactly as a fresh build would
      const built = build(step, at);
      nodes[at] = built.node;
      pending = false;
      index.add(at, built.keys, step.result);
    },
  };
}

/** Inverted indexes over committed records, one per edge relation family. */
class Indexes {
  private readonly branch = new Map<string, number[]>();
  private readonly ids = new Map<string, number[]>();
  private readonly outputs = new Map<string, number[]>();
  private readonly canaries = new Map<string, number[]>();
  private readonly fin = new Map<string, number[]>();
  private readonly thread = new Map<string, number[]>();
  private readonly tokens = new Map<string, number[]>();
  /** Distinctive lines keyed by their first `lineKey` characters. */
  private readonly lines = new Map<string, Array<{ node: number; line: string }>>();
  private readonly spans: SpanIndex;
  private readonly lineKey: number;

  constructor(private readonly rules: CompiledRules) {
    this.spans = new SpanIndex(rules.graph.minSpanLength);
    this.lineKey = rules.graph.distinctiveLineMin;
  }

  add(node: number, keys: RecordKeys, result: string): void {
    if (keys.branch !== null) push(this.branch, keys.branch, node);
    for (const k of keys.ids) push(this.ids, k, node);
    for (const k of keys.outputs) push(this.outputs, k, node);
    for (const k of keys.resultCanaries) push(this.canaries, k, node);
    for (const k of keys.argCanaries) push(this.canaries, k, node);
    for (const k of keys.finKeys) push(this.fin, k, node);
    for (const k of keys.threadKeys) push(this.thread, k, node);
    for (const k of keys.resultTokens) push(this.tokens, k, node);
    for (const line of keys.resultLines) {
      const key = line.slice(0, this.lineKey);
      const list = this.lines.get(key);
      if (list === undefined) this.lines.set(key, [{ node, line }]);
      else list.push({ node, line });
    }
    if (result.length >= this.rules.graph.minSpanLength) this.spans.add(node, result);
  }

  /** Incoming edges of a node at position `at` (all indexed nodes are earlier). */
  incoming(keys: RecordKeys, types: readonly ToolType[], at: number): PrefixEdge[] {
    const masks = new Map<number, number>();
    const mark = (list: readonly number[] | undefined, relation: number): void => {
      if (list === undefined) return;
      for (const j of list) if (j < at) masks.set(j, (masks.get(j) ?? 0) | bit(relation));
    };
    if (keys.branch !== null) mark(this.branch.get(keys.branch), 1);
    for (const k of keys.ids) mark(this.ids.get(k), 2);
    for (const k of keys.inputs) mark(this.outputs.get(k), 3);
    for (const k of keys.argCanaries) mark(this.canaries.get(k), 4);
    if (types.includes('financial')) for (const k of keys.argFinKeys) mark(this.fin.get(k), 5);
    if (types.includes('irreversible')) for (const k of keys.argIds) mark(this.ids.get(k), 6);
    if (types.includes('message_social')) for (const k of keys.argThreadKeys) mark(this.thread.get(k), 7);
    const exact = new Set<number>();
    for (const k of keys.actionTokens) for (const j of this.tokens.get(k) ?? []) exact.add(j);
    const text = keys.actionText;
    if (this.lines.size > 0) {
      for (let p = 0; p + this.lineKey <= text.length; p++) {
        const cands = this.lines.get(text.substr(p, this.lineKey));
        if (cands !== undefined) for (const c of cands) if (text.startsWith(c.line, p)) exact.add(c.node);
      }
    }
    for (const needle of keys.spanNeedles) this.spans.find(needle, exact);
    mark([...exact], 8);
    return [...masks.entries()].sort((a, b) => a[0] - b[0]).map(([from, relations]) => ({ from, relations }));
  }
}

function push(map: Map<string, number[]>, key: string, node: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [node]);
  else if (list[list.length - 1] !== node) list.push(node);
}
