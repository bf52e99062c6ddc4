import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalJson, writeFileAtomic } from '@carb/io';
import { parseConditionResult } from './conditionResult.ts';
import type { ConditionResult } from './types.ts';

/** The folder of finished conditions inside a sweep's output folder. */
export const CONDITIONS_DIR = 'conditions';

/** Where a condition with frozen config hash `hash` is stored. */
export const conditionFile = (dir: string, hash: string): string => join(dir, CONDITIONS_DIR, `${hash}.json`);

/** A sweep output file's bytes: canonical JSON and a newline, nothing time- or machine-dependent. */
export const jsonText = (value: unknown): string => `${canonicalJson(value)}\n`;

/**
 * Writes `data` atomically unless `file` already holds exactly these bytes: shards sharing one
 * --out write the same sweep.json and tables, and a file left alone cannot be caught half-replaced.
 */
export function writeUnlessSame(file: string, data: string | Uint8Array): void {
  try {
    if (readFileSync(file).equals(typeof data === 'string' ? Buffer.from(data, 'utf8') : data)) return;
  } catch {
    // absent or unreadable: write it
  }
  writeFileAtomic(file, data);
}

/** Stores a finished condition under its hash, replaced whole (a reader never sees half a file). */
export function writeCondition(dir: string, result: ConditionResult): void {
  writeFileAtomic(conditionFile(dir, result.hash), jsonText(result));
}

/**
 * The stored result of the condition with hash `hash` and name `name`, or null when there is
 * none (no file). A file that is there but not that condition's result (not JSON, not a condition
 * result, another condition's) is refused with one line (parseConditionResult): recomputing
 * would replace a file carb cannot tell is its own, and carb writes results whole.
 */
export function readStoredCondition(dir: string, hash: string, name: string): ConditionResult | null {
  const file = conditionFile(dir, hash);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`${file}: expected a readable condition result, found ${(e as Error).message}`);
  }
  return parseConditionResult(file, text, { name, hash });
}

/** Names of the condition files in a sweep folder (`<hash>.json`; hidden temporary files are not results), sorted. */
export function storedFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(join(dir, CONDITIONS_DIR));
  } catch {
    return [];
  }
  return names.filter((n) => n.endsWith('.json') && !n.startsWith('.')).sort();
}
