import { labelRowsOf, type EpisodeLabels, type LabelRows } from '@carb/episodes';

/** Benign-stop denominator rule of App. D.3. */
export type BenignStopRule = 'ces' | 'graph-braid';

/** Construction labels aligned to a table's episode order. */
export interface LabelColumns {
  harmful: Uint8Array;
  /** Harmful sink step, −1 when none. */
  sinkStep: Int32Array;
  /**
   * Steps on a disconnected benign branch: episode e's are benignLists[benignList[e]], ascending and
   * distinct. Each distinct list is held once (a suite's episodes share a few): written out per episode,
   * 10⁶ graph-braid episodes' steps were a 38 MB column, held to the end of the run where its memory
   * peaks, and ~0.1 s of first touches of fresh pages on the single-threaded protocol's path.
   */
  benignList: Int32Array;
  benignLists: readonly Int32Array[];
  benignRule: BenignStopRule;
}

/**
 * Aligns labels (objects, or the columns a labels file is read into) to episode ids. The benign
 * rule is explicit or, when omitted, graph-braid if any label lists benign-branch steps (only
 * graph-braid labels carry them), else CES.
 */
export function alignLabels(ids: readonly string[], labels: readonly EpisodeLabels[] | LabelRows, rule?: BenignStopRule): LabelColumns {
  const rows = 'stepLists' in labels ? labels : labelRowsOf(labels);
  const n = ids.length;
  // a suite's labels come in its episodes' order: then no map of 10⁶ entries is needed
  const inOrder = rows.ids.length === n && ids.every((id, e) => rows.ids[e] === id);
  // a repeated id: its last label counts
  const byId = inOrder ? null : new Map(rows.ids.map((id, r) => [id, r]));
  const harmful = new Uint8Array(n);
  const sinkStep = new Int32Array(n).fill(-1);
  const benignList = new Int32Array(n);
  // each distinct step list (rows.stepLists) is sorted and deduplicated once, into a typed array
  const benignLists = rows.stepLists.map((list) => Int32Array.from([...new Set(list)].sort((x, y) => x - y)));
  for (let e = 0; e < n; e++) {
    const r = byId ? byId.get(ids[e]!) : e;
    if (r === undefined) throw new Error(`labels: no label for episode ${ids[e]!}; expected one label per calibrated episode`);
    const sink = rows.sinkStep[r]!;
    if (rows.harmful[r] === 1 && Number.isNaN(sink))
      throw new Error(`labels: episode ${rows.ids[r]!} is harmful but has sinkStep null; expected the sink's step index`);
    harmful[e] = rows.harmful[r]!;
    sinkStep[e] = Number.isNaN(sink) ? -1 : sink;
    benignList[e] = rows.stepList[r]!;
  }
  const benignRule = rule ?? (rows.stepLists.some((list, k) => list.length > 0 && rows.stepList.includes(k)) ? 'graph-braid' : 'ces');
  return { harmful, sinkStep, benignList, benignLists, benignRule };
}
