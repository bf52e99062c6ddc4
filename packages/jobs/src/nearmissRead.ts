import { fileStem, formatProblem, readCorpus, type CorpusFormat, type Episode, type Problem } from '@carb/episodes';

/**
 * Reads each file on its own, so that one file a reader fails on unexpectedly (a reader
 * bug on fuzzed input) is one problem line naming the file instead of the end of the run.
 * Each episode's agent (`source.model`) becomes the file's label when given (`--agent-label`),
 * else stays the model the log names, else the file's stem: a log that names no model (tau-bench
 * v1) would otherwise pool every such file under "unknown".
 */
export function readNearmissInput(
  files: readonly string[],
  format: CorpusFormat,
  labels: readonly string[] = [],
): { episodes: Episode[]; problems: string[] } {
  const episodes: Episode[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  files.forEach((file, i) => {
    const label = labels.length === 1 ? labels[0] : labels[i];
    let got: { episodes: Episode[]; problems: Problem[] };
    try {
      got = readCorpus([file], { format });
    } catch (e) {
      problems.push(
        `${file}: expected a log the ${format} reader can read, found it failing (${(e as Error).message.replace(/\s*\n\s*/g, ' ')})`,
      );
      return;
    }
    for (const p of got.problems) problems.push(formatProblem(p));
    for (const ep of got.episodes) {
      // the same file given twice (or two files of one stem) would count its trajectories twice
      if (seen.has(ep.id)) {
        problems.push(`${file}: ${ep.id}: expected a trajectory id not read before, found it again (kept the first)`);
        continue;
      }
      seen.add(ep.id);
      const model = label ?? ep.source.model ?? fileStem(file);
      episodes.push(model === ep.source.model ? ep : { ...ep, source: { ...ep.source, model } });
    }
  });
  return { episodes, problems };
}
