import { AdapterError, streamCorpus, type CorpusFormat } from '@carb/episodes';
import { writeProblems } from '../printNotice.ts';

/** The tools a corpus calls, and how much was read. */
export interface CorpusToolUse {
  uses: Map<string, { calls: number; args: Set<string> }>;
  episodes: number;
  /** Records or files refused (each printed as one problem line). */
  problems: number;
}

/**
 * Counts every call of every tool in the corpus, aborted episodes included (their calls
 * are calls of the domain's tools all the same), holding one batch of episodes at a time.
 * Problems are printed one line each; a corpus with nothing readable, or refused after its
 * episodes were read, throws (a data error).
 */
export async function corpusToolUse(paths: readonly string[], format: CorpusFormat): Promise<CorpusToolUse> {
  const uses = new Map<string, { calls: number; args: Set<string> }>();
  const stream = streamCorpus(paths, { format });
  let refused: AdapterError | null = null;
  try {
    for await (const batch of stream) {
      for (const ep of batch) {
        for (const step of ep.steps) {
          let use = uses.get(step.tool);
          if (use === undefined) uses.set(step.tool, (use = { calls: 0, args: new Set() }));
          use.calls++;
          for (const k of Object.keys(step.args)) use.args.add(k);
        }
      }
    }
  } catch (e) {
    if (!(e instanceof AdapterError)) throw e;
    refused = e;
  }
  writeProblems(stream.problems);
  if (refused !== null)
    throw new Error(`${refused.file} failed its integrity check after its episodes were read: the input is refused; nothing written`);
  const episodes = stream.summary().episodes;
  if (episodes === 0) throw new Error(`nothing could be read from ${paths.join(', ')}; nothing written`);
  return { uses, episodes, problems: stream.problems.length };
}
