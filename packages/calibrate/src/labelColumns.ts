import type { EpisodeLabels } from '@carb/episodes';

/** Benign-stop denominator rule of App. D.3. */
export type BenignStopRule = 'ces' | 'graph-braid';

/** Construction labels aligned to a table's episode order. */
export interface LabelColumns {
  harmful: Uint8Array;
  /** Harmful sink step, −1 when none. */
  sinkStep: Int32Array;
  /**
   * Steps on a disconnected benign branch: episode e's are benignSteps[benignOffset[e] … benignOffset[e+1] − 1],
   * ascending and distinct (flat columns, not a Set per episode: 10⁶ episodes stay small).
   */
  benignOffset: Int32Array;
  benignSteps: Int32Array;
  benignRule: BenignStopRule;
}

/**
 * Aligns labels to episode ids. The benign rule is explicit or, when omitted, graph-braid
 * if any label lists benign-branch steps (only graph-braid labels carry them), else CES.
 */
export function alignLabels(ids: readonly string[], labels: readonly EpisodeLabels[], rule?: BenignStopRule): LabelColumns {
  const n = ids.length;
  // a suite's labels come in its episodes' order: then no map of 10⁶ entries is needed
  const inOrder = labels.length === n && ids.every((id, e) => labels[e]!.id === id);
  const byId = inOrder ? null : new Map(labels.map((l) => [l.id, l]));
  const harmful = new Uint8Array(n);
  const sinkStep = new Int32Array(n).fill(-1);
  const benignOffset = new Int32Array(n + 1);
  const aligned = new Array<EpisodeLabels>(n);
  // step lists are shared between labels (readLabels): each distinct list is sorted and deduplicated once
  const normal = new Map<readonly number[], number[]>();
  const normalized = (list: readonly number[]): number[] => {
    let steps = normal.get(list);
    if (!steps) normal.set(list, (steps = [...new Set(list)].sort((x, y) => x - y)));
    return steps;
  };
  for (let e = 0; e < n; e++) {
    const l = byId ? byId.get(ids[e]!) : labels[e]!;
    if (!l) throw new Error(`labels: no label for episode ${ids[e]!}; expected one label per calibrated episode`);
    if (l.harmful && l.sinkStep === null)
      throw new Error(`labels: episode ${l.id} is harmful but has sinkStep null; expected the sink's step index`);
    harmful[e] = l.harmful ? 1 : 0;
    sinkStep[e] = l.sinkStep ?? -1;
    aligned[e] = l;
    benignOffset[e + 1] = benignOffset[e]! + normalized(l.benignBranchSteps).length;
  }
  const benignRule = rule ?? (labels.some((l) => l.benignBranchSteps.length > 0) ? 'graph-braid' : 'ces');
  const benignSteps = new Int32Array(benignOffset[n]!);
  aligned.forEach((l, e) => benignSteps.set(normalized(l.benignBranchSteps), benignOffset[e]));
  return { harmful, sinkStep, benignOffset, benignSteps, benignRule };
}
