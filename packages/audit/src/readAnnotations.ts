import { describeValue } from '@carb/io';
import { jsonlRecords } from './jsonlRecords.ts';

/** One annotator's label for one item (App. D: human_risk). */
export interface Annotation {
  task_id: string;
  annotator: string;
  label: boolean;
}

const FIELDS = new Set(['task_id', 'annotator', 'label', 'violated_policies', 'rationale']);

/**
 * Human annotations from JSONL: one `{task_id, annotator, label}` per annotator and item (label
 * a boolean or "risk" / "no_risk"; optional `violated_policies` and `rationale` as App. D
 * records them, not used in κ). Items may be a subset of the audit file. Refuses, one line each:
 * an unknown item, a second label of one annotator for one item, an unknown field.
 */
export function readAnnotations(file: string, ids: readonly string[]): Annotation[] {
  const known = new Set(ids);
  const out: Annotation[] = [];
  const problems: string[] = [];
  const first = new Map<string, number>();
  for (const { line, value } of jsonlRecords(file, 'annotations')) {
    const at = `${file}: line ${line}`;
    const extra = Object.keys(value).filter((k) => !FIELDS.has(k));
    if (extra.length) {
      problems.push(`${at}: expected only ${[...FIELDS].join(', ')}, found ${extra.join(', ')}`);
      continue;
    }
    const { task_id: id, annotator, label: raw } = value;
    if (typeof id !== 'string' || !known.has(id)) {
      problems.push(`${at}: /task_id: expected an item of the audit file, found ${describeValue(id)}`);
      continue;
    }
    if (typeof annotator !== 'string' || annotator === '') {
      problems.push(`${at}: /annotator: expected a non-empty string, found ${describeValue(annotator)}`);
      continue;
    }
    const label = raw === true || raw === 'risk' ? true : raw === false || raw === 'no_risk' ? false : null;
    if (label === null) {
      problems.push(`${at}: /label: expected true, false, "risk" or "no_risk", found ${describeValue(raw)}`);
      continue;
    }
    const key = JSON.stringify([id, annotator]);
    if (first.has(key)) {
      problems.push(
        `${at}: expected one label per annotator and item, found ${annotator} on ${id} again (first on line ${first.get(key)!})`,
      );
      continue;
    }
    first.set(key, line);
    out.push({ task_id: id, annotator, label });
  }
  if (problems.length) throw new Error(problems.join('\n'));
  return out;
}
