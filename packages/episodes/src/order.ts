import { canonicalize } from './canonical.ts';
import type { Episode, JsonObject, PolicyStep, StepProvenance } from './types.ts';

function orderProvenance(p: StepProvenance): StepProvenance {
  const out: StepProvenance = {};
  if (p.branch !== undefined) out.branch = p.branch;
  if (p.objects !== undefined) out.objects = [...p.objects];
  if (p.outputs !== undefined) out.outputs = [...p.outputs];
  if (p.inputs !== undefined) out.inputs = [...p.inputs];
  return out;
}

function orderStep(s: PolicyStep): PolicyStep {
  const step = { index: s.index, tool: s.tool, args: canonicalize(s.args), result: s.result, error: s.error, ok: s.ok };
  return s.provenance === undefined ? step : { ...step, provenance: orderProvenance(s.provenance) };
}

function sortedRecord(r: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of Object.keys(r).sort()) out[k] = r[k]!;
  return out;
}

/**
 * The episode rebuilt with a fixed key order (schema order; JSON values with sorted
 * keys). Every encoder writes this form, which makes output byte-deterministic.
 */
export function orderEpisode(ep: Episode): Episode {
  const s = ep.source;
  return {
    id: ep.id,
    group: ep.group,
    source: { format: s.format, file: s.file, model: s.model, suite: s.suite, userTask: s.userTask, injectionTask: s.injectionTask, attack: s.attack },
    // absent in JSONL written before the field existed (and in what carb writes for null)
    request: ep.request ?? null,
    steps: ep.steps.map(orderStep),
    outcome: { taskCompleted: ep.outcome.taskCompleted, completedAtStep: ep.outcome.completedAtStep },
    benchmark: ep.benchmark === null ? null : canonicalize<JsonObject>(ep.benchmark),
    injections: sortedRecord(ep.injections),
    flags: { aborted: ep.flags.aborted, textOnlyCalls: ep.flags.textOnlyCalls },
    externalScores: ep.externalScores === null ? null : [...ep.externalScores],
  };
}
