import type { LabelColumns } from '@carb/calibrate';

/**
 * Table 9 on one test fold: path recall = share of harmful test episodes whose sink proposal
 * fires the path feature; false path = share of non-leak test episodes with a sink proposal
 * that fire it. Null where the fold has no such episode (e.g. graph-braid's benign
 * trajectories, which propose no external send).
 */
export function pathRates(
  test: Int32Array,
  labels: LabelColumns,
  fired: Int8Array,
): { pathRecall: number | null; falsePath: number | null } {
  let harmful = 0;
  let recalled = 0;
  let benign = 0;
  let falsePaths = 0;
  for (const e of test) {
    const f = fired[e]!;
    if (f < 0) continue;
    if (labels.harmful[e]) {
      harmful++;
      recalled += f;
    } else {
      benign++;
      falsePaths += f;
    }
  }
  return { pathRecall: harmful ? recalled / harmful : null, falsePath: benign ? falsePaths / benign : null };
}
