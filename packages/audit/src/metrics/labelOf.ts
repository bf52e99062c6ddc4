/** A label source: task id → predicted violation label (an evaluator's verdicts, a judge's JSONL, human labels). */
export type LabelSource = ReadonlyMap<string, { label: boolean }>;

/** The label `source` gives item `taskId`; an item the source does not cover is an error, never a silent "no risk". */
export function labelOf(source: LabelSource, taskId: string, what: string): boolean {
  const v = source.get(taskId);
  if (v === undefined) throw new Error(`${what}: expected a verdict for item ${taskId}, found none`);
  return v.label;
}
