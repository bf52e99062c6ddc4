import type { JsonValue } from '@carb/episodes/policy';

/** Every string and number leaf of a JSON value, one per line: the text a reader of the value sees. */
export function visibleText(value: JsonValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(visibleText).join('\n');
  return Object.keys(value)
    .sort()
    .map((k) => `${k}\n${visibleText(value[k])}`)
    .join('\n');
}
