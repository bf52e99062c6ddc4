import type { JsonObject, PolicyStep, StepProvenance } from '@carb/episodes/policy';

/** A prefix step before its position is known. */
export interface StepDraft {
  tool: string;
  args: JsonObject;
  result: string;
  provenance?: StepProvenance;
}

/** Canonical steps from drafts: index = position, executed without error. */
export function indexSteps(drafts: readonly StepDraft[]): PolicyStep[] {
  return drafts.map((d, index) => ({
    index,
    tool: d.tool,
    args: d.args,
    result: d.result,
    error: null,
    ok: true,
    ...(d.provenance ? { provenance: d.provenance } : {}),
  }));
}

/** `core` with `fillers` inserted before the core positions `at` (drawn once per pair, so both twins get the same layout). */
export function withFillers(core: readonly StepDraft[], fillers: readonly StepDraft[], at: readonly number[]): StepDraft[] {
  const out: StepDraft[] = [];
  core.forEach((s, i) => {
    fillers.forEach((f, k) => {
      if (at[k] === i) out.push(f);
    });
    out.push(s);
  });
  fillers.forEach((f, k) => {
    if (at[k]! >= core.length) out.push(f);
  });
  return out;
}
