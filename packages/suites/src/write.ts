import { encodeJsonl, episodeToJsonLine, type Episode, type EpisodeLabels } from '@carb/episodes';
import { StreamedFile, writeFileAtomic } from '@carb/io';
import type { SuiteMeta, SuiteOutput } from './types.ts';

/** `<dir>/<name>.jsonl` → `<dir>/<name>` (the stem the labels and meta files share). */
export function corpusStem(file: string): string {
  return file.endsWith('.jsonl') ? file.slice(0, -'.jsonl'.length) : file;
}

/** One labels line with a fixed key order. */
const labelLine = (l: EpisodeLabels): string =>
  `${JSON.stringify({ id: l.id, pair: l.pair, kind: l.kind, harmful: l.harmful, sinkStep: l.sinkStep, benignBranchSteps: l.benignBranchSteps })}\n`;

/** Labels lines with a fixed key order. */
export function labelsToJsonl(labels: readonly EpisodeLabels[]): string {
  let out = '';
  for (const l of labels) out += labelLine(l);
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

/** Trajectories generated between two turns of the event loop (when a signal can be handled). */
const YIELD_EVERY = 1000;

/**
 * writeSuite for a generator of trajectories too large for memory: the same three files, the
 * same bytes, written through temporary files that are renamed into place once complete (the
 * meta file, which needs the realized harm count, last). The event loop gets a turn every
 * YIELD_EVERY trajectories, so SIGINT/SIGTERM remove the temporary files mid-run.
 */
export async function writeSuiteStream(
  trajectories: Iterable<{ episode: Episode; label: EpisodeLabels }>,
  meta: (episodes: number, harmful: number) => SuiteMeta,
  file: string,
): Promise<string[]> {
  const stem = corpusStem(file);
  const paths = [`${stem}.jsonl`, `${stem}.labels.jsonl`, `${stem}.meta.json`];
  const episodes = new StreamedFile(paths[0]!);
  const labels = new StreamedFile(paths[1]!);
  let n = 0;
  let harmful = 0;
  try {
    for (const { episode, label } of trajectories) {
      episodes.write(`${episodeToJsonLine(episode)}\n`);
      labels.write(labelLine(label));
      n++;
      if (label.harmful) harmful++;
      if (n % YIELD_EVERY === 0) await new Promise((r) => setImmediate(r));
    }
    episodes.finish();
    labels.finish();
  } catch (e) {
    episodes.abort();
    labels.abort();
    throw e;
  }
  writeFileAtomic(paths[2]!, `${JSON.stringify(meta(n, harmful), null, 2)}\n`);
  return paths;
}
