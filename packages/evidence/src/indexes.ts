import type { ToolType } from '@carb/pipeline';
import { EdgeMasks, type IncomingEdges } from './edgeMasks.ts';
import type { ActionKeys, ResultKeys } from './recordKeys.ts';
import type { CompiledRules } from './rules.ts';
import { SpanIndex } from './spanIndex.ts';
import { forEachWindow, windowHash } from './windowHash.ts';

const bit = (relation: number): number => 1 << (relation - 1);
const EXACT = bit(8);

/**
 * Inverted indexes over the committed records of one prefix graph, one per edge relation
 * family (g-carb App. B.2), and the incoming edges they give a new node.
 */
export class Indexes {
  private readonly branch = new Map<string, number[]>();
  private readonly ids = new Map<string, number[]>();
  private readonly outputs = new Map<string, number[]>();
  private readonly canaries = new Map<string, number[]>();
  private readonly fin = new Map<string, number[]>();
  private readonly thread = new Map<string, number[]>();
  private readonly tokens = new Map<string, number[]>();
  /** Distinctive lines keyed by the hash of their first `lineKey` characters. */
  private readonly lines = new Map<number, Array<{ node: number; line: string }>>();
  private readonly spans: SpanIndex;
  private readonly lineKey: number;
  private readonly masks = new EdgeMasks();

  constructor(private readonly rules: CompiledRules) {
    this.spans = new SpanIndex(rules.graph.minSpanLength);
    this.lineKey = rules.graph.distinctiveLineMin;
  }

  add(node: number, action: ActionKeys, result: ResultKeys, text: string): void {
    if (action.branch !== null) push(this.branch, action.branch, node);
    // push skips a node already last in the list, so overlapping key sets need no union first
    pushAll(this.ids, action.argIds, node);
    pushAll(this.ids, result.ids, node);
    pushAll(this.ids, action.objects, node);
    pushAll(this.ids, action.outputs, node);
    pushAll(this.outputs, action.outputs, node);
    pushAll(this.canaries, result.resultCanaries, node);
    pushAll(this.canaries, action.argCanaries, node);
    pushAll(this.fin, action.argFinKeys, node);
    pushAll(this.fin, result.finKeys, node);
    pushAll(this.thread, action.argThreadKeys, node);
    pushAll(this.thread, result.threadKeys, node);
    pushAll(this.tokens, result.resultTokens, node);
    for (const line of result.resultLines) {
      // a line shorter than the key (distinctiveLineMax < distinctiveLineMin) can never match a full window
      if (line.length < this.lineKey) continue;
      const key = windowHash(line, 0, this.lineKey);
      const list = this.lines.get(key);
      if (list === undefined) this.lines.set(key, [{ node, line }]);
      else list.push({ node, line });
    }
    if (text.length >= this.rules.graph.minSpanLength) this.spans.add(node, text);
  }

  /** Gives the scratch storage (span table, edge masks) back for a later graph's indexes; no further use. */
  release(): void {
    this.spans.release();
    this.masks.release();
  }

  /** Incoming edges of a node at position `at` (all indexed nodes are earlier). */
  incoming(action: ActionKeys, result: ResultKeys, types: readonly ToolType[], at: number): IncomingEdges {
    const m = this.masks;
    if (action.branch !== null) m.orAll(this.branch.get(action.branch), bit(1), at);
    orKeys(m, this.ids, action.argIds, bit(2), at);
    orKeys(m, this.ids, result.ids, bit(2), at);
    orKeys(m, this.ids, action.objects, bit(2), at);
    orKeys(m, this.ids, action.outputs, bit(2), at);
    orKeys(m, this.outputs, action.inputs, bit(3), at);
    orKeys(m, this.canaries, action.argCanaries, bit(4), at);
    if (types.includes('financial')) orKeys(m, this.fin, action.argFinKeys, bit(5), at);
    if (types.includes('irreversible')) orKeys(m, this.ids, action.argIds, bit(6), at);
    if (types.includes('message_social')) orKeys(m, this.thread, action.argThreadKeys, bit(7), at);
    orKeys(m, this.tokens, action.actionTokens, EXACT, at);
    if (this.lines.size > 0) this.markLines(action.actionText, at);
    for (const needle of action.spanNeedles) this.spans.find(needle, m, EXACT, at);
    return m.take();
  }

  /** Relation 8: distinctive result lines of earlier nodes found verbatim in the action text. */
  private markLines(text: string, at: number): void {
    forEachWindow(text, this.lineKey, (p, key) => {
      const cands = this.lines.get(key);
      if (cands !== undefined) for (const c of cands) if (c.node < at && text.startsWith(c.line, p)) this.masks.or(c.node, EXACT);
    });
  }

  /** `edges` (a proposal's) plus the relation-2 edges of its result's identifier fields. */
  withResultIds(edges: IncomingEdges, result: ResultKeys, at: number): IncomingEdges {
    const m = this.masks;
    edges.parents.forEach((j, k) => m.or(j, edges.relations[k]!));
    orKeys(m, this.ids, result.ids, bit(2), at);
    return m.take();
  }
}

/**
 * push of every key, by index: a for…of over the keys makes an iterator and a result object per
 * key until V8 optimizes the caller, and a replay commits every record of every episode through here.
 */
function pushAll(map: Map<string, number[]>, keys: readonly string[], node: number): void {
  for (let i = 0; i < keys.length; i++) push(map, keys[i]!, node);
}

/** The relation bit on every earlier node indexed under any of `keys` (an indexed loop, as pushAll). */
function orKeys(m: EdgeMasks, map: Map<string, number[]>, keys: readonly string[], relation: number, at: number): void {
  for (let i = 0; i < keys.length; i++) m.orAll(map.get(keys[i]!), relation, at);
}

function push(map: Map<string, number[]>, key: string, node: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [node]);
  else if (list[list.length - 1] !== node) list.push(node);
}
