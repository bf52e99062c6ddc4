import type { PolicyStep } from '@carb/episodes/policy';
import { toolTypes, type Pipeline, type ToolType } from '@carb/pipeline';
import type { IncomingEdges } from './edgeMasks.ts';
import { keptEdges } from './edgeFilter.ts';
import { Indexes } from './indexes.ts';
import { actionKeys, memoResultKeys, type ActionKeys, type ResultKeys } from './recordKeys.ts';
import { compileRules, type CompiledRules } from './rules.ts';
import type { EdgeFilter, NodeMarks, PrefixEdge, PrefixGraphBuilder, PrefixGraphOptions } from './types.ts';

interface Node {
  readonly record: PolicyStep;
  readonly types: readonly ToolType[];
  readonly marks: NodeMarks;
  readonly incoming: IncomingEdges;
  /** Kept so that committing the proposal reuses what its action yielded, and for the index. */
  readonly action: ActionKeys;
  readonly result: ResultKeys;
  /** PrefixEdge objects, built only when asked for (the selectors and scorer read parents). */
  edges?: readonly PrefixEdge[];
}

/**
 * Incremental prefix dependency graph (g-carb App. B.2). Committed records are kept in
 * inverted indexes (identifier / span → nodes), so adding a node costs lookups of its own
 * keys, never a scan of earlier records. A node's incoming edges depend only on earlier
 * committed records and its own visible fields, so an incremental build and a fresh build
 * of the same prefix are identical. `options.keepEdge` removes edges (every relation of a
 * (from, to) pair at once) from each node as it is built; the record index stays complete, so
 * a dropped edge hides that one link only, never a later node's edges from the same record.
 */
export function createPrefixGraph(pipeline: Pipeline, options: PrefixGraphOptions = {}): PrefixGraphBuilder {
  return new PrefixGraphImpl(pipeline, options.keepEdge ?? null);
}

// A class, not an object literal: `size` and `pending` as literal getters over per-graph closures
// give every graph its own accessor pairs, which V8 keeps reachable from old space until a full GC,
// so each episode's whole graph was promoted out of the young generation (measured: ~20 KB an episode).
class PrefixGraphImpl implements PrefixGraphBuilder {
  private readonly rules: CompiledRules;
  private readonly nodes: Node[] = [];
  private readonly index: Indexes;
  /** This graph's short results seen so far (a tool's fixed reply recurs step after step); dies with the graph. */
  private readonly resultMemo = new Map<string, ResultKeys>();
  private isPending = false;
  private released = false;

  constructor(
    private readonly pipeline: Pipeline,
    private readonly keepEdge: EdgeFilter | null,
  ) {
    this.rules = compileRules(pipeline);
    this.index = new Indexes(this.rules);
  }

  get size(): number {
    return this.nodes.length;
  }

  get pending(): boolean {
    return this.isPending;
  }

  parents(i: number): readonly number[] {
    return this.node(i).incoming.parents;
  }

  edges(i: number): readonly PrefixEdge[] {
    return edgesOf(this.node(i));
  }

  record(i: number): PolicyStep {
    return this.node(i).record;
  }

  types(i: number): readonly ToolType[] {
    return this.node(i).types;
  }

  marks(i: number): NodeMarks {
    return this.node(i).marks;
  }

  propose(step: PolicyStep): number {
    if (this.released) throw new Error(`prefix graph: proposal for step ${step.index} after the graph was released`);
    if (this.isPending)
      throw new Error(
        `prefix graph: proposal for step ${step.index} while step ${this.node(this.nodes.length - 1).record.index} is still pending`,
      );
    // the session already passes an action-only record; copy only when it is not one
    const visible: PolicyStep = step.result === '' && step.error === null ? step : { ...step, result: '', error: null };
    this.nodes.push(this.build(visible, this.nodes.length));
    this.isPending = true;
    return this.nodes.length - 1;
  }

  commit(step: PolicyStep): void {
    if (this.released) throw new Error(`prefix graph: commit of step ${step.index} after the graph was released`);
    let at = this.nodes.length;
    let built: Node;
    if (this.isPending) {
      const proposed = this.node(at - 1);
      if (proposed.record.index !== step.index || proposed.record.tool !== step.tool) {
        throw new Error(
          `prefix graph: commit of step ${step.index} (${step.tool}) does not match pending proposal ${proposed.record.index} (${proposed.record.tool})`,
        );
      }
      at -= 1;
      // edges into the executed node are those a fresh build from the full record gives
      built = this.executed(proposed, step, at);
    } else {
      built = this.build(step, at);
    }
    this.nodes[at] = built;
    this.isPending = false;
    this.index.add(at, built.action, built.result, step.result);
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    this.index.release();
  }

  private node(i: number): Node {
    const n = this.nodes[i];
    if (n === undefined) throw new Error(`prefix graph: node ${i} out of range (size ${this.nodes.length})`);
    return n;
  }

  /** Node for `record` at position `at`, computed from scratch. */
  private build(record: PolicyStep, at: number): Node {
    const action = actionKeys(record, this.rules);
    const result = memoResultKeys(this.resultMemo, record.result, this.rules);
    const types = toolTypes(this.pipeline.toolTyping, record.tool);
    const incoming = this.kept(this.index.incoming(action, result, types, at), at);
    return { record, types, marks: this.marksOf(record, types, action, result), incoming, action, result };
  }

  /**
   * The executed record of pending proposal `proposed`: when it carries the proposal's very
   * arguments and provenance, only the result is new. The result adds relation-2 edges (its
   * identifier fields) to the proposal's, and the index has not changed since the proposal,
   * so this equals `build(record, at)`; the edge filter decides per pair, so the proposal's
   * kept edges stay kept and the new ones are filtered as a fresh build would.
   */
  private executed(proposed: Node, record: PolicyStep, at: number): Node {
    if (proposed.record.args !== record.args || proposed.record.provenance !== record.provenance) return this.build(record, at);
    const result = memoResultKeys(this.resultMemo, record.result, this.rules);
    const { action, types } = proposed;
    const incoming = result.ids.length === 0 ? proposed.incoming : this.kept(this.index.withResultIds(proposed.incoming, result, at), at);
    return { record, types, marks: this.marksOf(record, types, action, result), incoming, action, result };
  }

  private kept(incoming: IncomingEdges, at: number): IncomingEdges {
    return this.keepEdge === null ? incoming : keptEdges(incoming, this.keepEdge, at);
  }

  private marksOf(record: PolicyStep, types: readonly ToolType[], action: ActionKeys, result: ResultKeys): NodeMarks {
    return {
      // a failed private read delivered nothing; a canary in a result is private data whatever the tool
      privateSource: (types.includes('private_source') && record.ok) || result.resultCanaries.length > 0,
      resultCanaries: result.resultCanaries,
      argCanaries: action.argCanaries,
      injection: result.injection,
    };
  }
}

function edgesOf(n: Node): readonly PrefixEdge[] {
  if (n.edges === undefined) {
    const { parents, relations } = n.incoming;
    n.edges = parents.map((from, k) => ({ from, relations: relations[k]! }));
  }
  return n.edges;
}
