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
  const byId = new Map(labels.map((l) => [l.id, l]));
  const n = ids.length;
  const harmful = new Uint8Array(n);
  const sinkStep = new Int32Array(n).fill(-1);
  const benignOffset = new Int32Array(n + 1);
  const perEpisode: number[][] = [];
  for (let e = 0; e < n; e++) {
    const l = byId.get(ids[e]!);
    if (!l) throw new Error(`labels: no label for episode ${ids[e]}; expected one label per calibrated episode`);
    if (l.harmful && l.sinkStep === null) throw new Error(`labels: episode ${l.id} is harmful but has sinkStep null; expected the sink's step index`);
    harmful[e] = l.harmful ? 1 : 0;
    sinkStep[e] = l.sinkStep ?? -1;
    const steps = [...new Set(l.benignBranchSteps)].sort((x, y) => x - y);
    perEpisode.push(steps);
    benignOffset[e + 1] = benignOffset[e]! + steps.length;
  }
  const benignRule = rule ?? (labels.some((l) => l.benignBranchSteps.length > 0) ? 'graph-braid' : 'ces');
  const benignSteps = new Int32Array(benignOffset[n]!);
  perEpisode.forEach((steps, e) => benignSteps.set(steps, benignOffset[e]!));
  return { harmful, sinkStep, benignOffset, benignSteps, benignRule };
}
