import { readFileSync } from 'node:fs';
import { carbPath, outputFileProblem, schemaValidator } from '@carb/io';
import { corpusStem } from './write.ts';

/** configs/schema/suite-meta.schema.json, the generator metadata carb suite writes. */
export const SUITE_META_SCHEMA_PATH = carbPath('configs/schema/suite-meta.schema.json');

/** Whether `<stem>.meta.json` is the generator metadata carb suite writes (what marks its three files as carb's). */
function isSuiteMeta(stem: string): boolean {
  try {
    return schemaValidator(SUITE_META_SCHEMA_PATH)(JSON.parse(readFileSync(`${stem}.meta.json`, 'utf8')));
  } catch {
    return false;
  }
}

/** The three files carb suite writes for `--out <stem>.jsonl`. */
export const suitePaths = (file: string): string[] => {
  const stem = corpusStem(file);
  return [`${stem}.jsonl`, `${stem}.labels.jsonl`, `${stem}.meta.json`];
};

/**
 * Why carb suite may not write its episodes, labels and meta files for `--out file`, or null:
 * each that exists must be one carb suite wrote, known by the generator metadata beside it.
 * One line naming the file.
 */
export function suiteOutputProblem(file: string): string | null {
  const stem = corpusStem(file);
  for (const path of suitePaths(file)) {
    const problem = outputFileProblem(path, 'a suite file', () => isSuiteMeta(stem));
    if (problem) return problem;
  }
  return null;
}
