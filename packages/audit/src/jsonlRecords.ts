import { readFileSync } from 'node:fs';
import { parsedLines } from '@carb/io';

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
  for (const { line, value, error } of parsedLines(text)) {
    if (error !== undefined) problems.push(`${file}: line ${line}: expected a JSON object, found a syntax error (${error})`);
    else if (value === null || typeof value !== 'object' || Array.isArray(value))
      problems.push(`${file}: line ${line}: expected a JSON object, found ${Array.isArray(value) ? 'an array' : JSON.stringify(value)}`);
    else out.push({ line, value: value as Record<string, unknown> });
  }
  if (problems.length) throw new Error(problems.join('\n'));
  return out;
}
