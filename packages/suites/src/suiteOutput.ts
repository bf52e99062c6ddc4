import { readFileSync } from 'node:fs';
import { outputFileProblem } from '@carb/io';
import { corpusStem } from './write.ts';

/** Whether `<stem>.meta.json` is the generator metadata carb suite writes (what marks its three files as carb's). */
function isSuiteMeta(stem: string): boolean {
  try {
    const m = JSON.parse(readFileSync(`${stem}.meta.json`, 'utf8')) as Record<string, unknown> | null;
    return !!m && typeof m === 'object' && ['suite', 'seed', 'params', 'noiseSeed', 'episodes', 'harmful'].every((k) => k in m);
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
