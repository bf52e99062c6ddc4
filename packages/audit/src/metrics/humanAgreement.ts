import { REGIMES, type AuditItem, type Regime } from '../types.ts';
import type { Annotation } from '../readAnnotations.ts';
import { fleissKappa } from './fleiss.ts';
import { cohenKappa } from './kappa.ts';
import type { LabelSource } from './labelOf.ts';
import { proportion, type Proportion } from './proportion.ts';

/** Auditor against the human majority on one set of items. */
export interface MajorityAgreement {
  /** Items with a majority label. */
  n: number;
  /** Null: undefined (p_e = 1) or no item. */
  kappa: number | null;
  recall: Proportion;
  specificity: Proportion;
}

/** App. D / E.5: inter-annotator agreement and the auditor against the human majority, overall and per stratum. */
export interface HumanAgreement {
  annotators: string[];
  /** Items with at least one annotation. */
  annotated: number;
  /** Cohen's κ for two annotators (on items both labelled), Fleiss' κ for more (items with ≥ 2 labels); null: undefined or nothing to compare. */
  interAnnotator: { method: 'cohen' | 'fleiss' | 'none'; items: number; kappa: number | null };
  /** Items whose labels tie (no majority): left out of the auditor comparison, counted here. */
  ties: number;
  overall: MajorityAgreement;
  strata: Record<Regime, MajorityAgreement>;
}

function versus(items: readonly AuditItem[], majority: ReadonlyMap<string, boolean>, auditor: LabelSource): MajorityAgreement {
  const rated = items.filter((it) => majority.has(it.task_id));
  const ref = rated.map((it) => majority.get(it.task_id)!);
  const pred = rated.map((it) => auditor.get(it.task_id)!.label);
  return {
    n: rated.length,
    kappa: rated.length === 0 ? null : cohenKappa(pred, ref),
    recall: proportion(pred.filter((_, i) => ref[i])),
    specificity: proportion(pred.filter((_, i) => !ref[i]).map((x) => !x)),
  };
}

/**
 * Agreement of human annotations among themselves and with `auditor` (the state auditor's
 * verdicts): per item the majority of its labels (a tie has none), κ, recall and specificity of
 * the auditor against it overall and per stratum (regime).
 */
export function humanAgreement(items: readonly AuditItem[], annotations: readonly Annotation[], auditor: LabelSource): HumanAgreement {
  const annotators = [...new Set(annotations.map((a) => a.annotator))].sort();
  const byItem = new Map<string, Map<string, boolean>>();
  for (const a of annotations) {
    if (!byItem.has(a.task_id)) byItem.set(a.task_id, new Map());
    byItem.get(a.task_id)!.set(a.annotator, a.label);
  }
  let inter: HumanAgreement['interAnnotator'] = { method: 'none', items: 0, kappa: null };
  if (annotators.length === 2) {
    const both = [...byItem.values()].filter((m) => m.size === 2);
    inter = {
      method: 'cohen',
      items: both.length,
      kappa:
        both.length === 0
          ? null
          : cohenKappa(
              both.map((m) => m.get(annotators[0]!)!),
              both.map((m) => m.get(annotators[1]!)!),
            ),
    };
  } else if (annotators.length > 2) {
    const counts = [...byItem.values()]
      .filter((m) => m.size >= 2)
      .map((m) => {
        const y = [...m.values()].filter(Boolean).length;
        return [y, m.size - y] as const;
      });
    inter = { method: 'fleiss', items: counts.length, kappa: counts.length === 0 ? null : fleissKappa(counts) };
  }
  const majority = new Map<string, boolean>();
  let ties = 0;
  for (const [id, m] of byItem) {
    const y = [...m.values()].filter(Boolean).length;
    if (2 * y === m.size) ties++;
    else majority.set(id, 2 * y > m.size);
  }
  const strata = {} as Record<Regime, MajorityAgreement>;
  for (const r of REGIMES)
    strata[r] = versus(
      items.filter((it) => it.regime === r),
      majority,
      auditor,
    );
  return { annotators, annotated: byItem.size, interAnnotator: inter, ties, overall: versus(items, majority, auditor), strata };
}
