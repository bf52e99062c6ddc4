import { readFileSync } from 'node:fs';

/** Parsed JSON objects of a JSONL file with their line numbers; one-line errors name file and line. */
export function jsonlRecords(file: string, what: string): Array<{ line: number; value: Record<string, unknown> }> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new Error(`${file}: expected a readable ${what} JSONL file, found ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const out: Array<{ line: number; value: Record<string, unknown> }> = [];
  const problems: string[] = [];
  text.split('\n').forEach((raw, i) => {
    if (raw.trim() === '') return;
    try {
      const value = JSON.parse(raw) as unknown;
      if (value === null || typeof value !== 'object' || Array.isArray(value)) problems.push(`${file}: line ${i + 1}: expected a JSON object, found ${Array.isArray(value) ? 'an array' : JSON.stringify(value)}`);
      else out.push({ line: i + 1, value: value as Record<string, unknown> });
    } catch (e) {
      problems.push(`${file}: line ${i + 1}: expected a JSON object, found a syntax error (${(e as Error).message})`);
    }
  });
  if (problems.length) throw new Error(problems.join('\n'));
  return out;
}
