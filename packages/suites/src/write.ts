import { encodeJsonl, type EpisodeLabels } from '@carb/episodes';
import { writeFileAtomic } from '@carb/io';
import type { SuiteOutput } from './types.ts';

/** `<dir>/<name>.jsonl` → `<dir>/<name>` (the stem the labels and meta files share). */
export function corpusStem(file: string): string {
  return file.endsWith('.jsonl') ? file.slice(0, -'.jsonl'.length) : file;
}

/** One labels line with a fixed key order. */
export function labelsToJsonl(labels: readonly EpisodeLabels[]): string {
  let out = '';
  for (const l of labels) {
    out += `${JSON.stringify({ id: l.id, pair: l.pair, kind: l.kind, harmful: l.harmful, sinkStep: l.sinkStep, benignBranchSteps: l.benignBranchSteps })}\n`;
  }
  return out;
}

/** The three files of a generated corpus, as text (what writeSuite writes). */
export function suiteFiles(out: SuiteOutput, file: string): Array<[string, string]> {
  const stem = corpusStem(file);
  return [
    [`${stem}.jsonl`, encodeJsonl(out.episodes)],
    [`${stem}.labels.jsonl`, labelsToJsonl(out.labels)],
    [`${stem}.meta.json`, `${JSON.stringify(out.meta, null, 2)}\n`],
  ];
}

/**
 * Writes episodes, labels beside them (never inside the episode) and the generator
 * metadata (seed, parameters, noise seed, realized harmful share), each atomically.
 */
export function writeSuite(out: SuiteOutput, file: string): string[] {
  const files = suiteFiles(out, file);
  for (const [path, text] of files) writeFileAtomic(path, text);
  return files.map(([path]) => path);
}
