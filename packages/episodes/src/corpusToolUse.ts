import type { CorpusFormat } from './corpus.ts';
import { AdapterError, type Problem } from './problems.ts';
import { streamCorpus } from './streamCorpus.ts';

/** The tools a corpus calls, and how much was read. */
export interface CorpusToolUse {
  uses: Map<string, { calls: number; args: Set<string> }>;
  episodes: number;
  /** Records or files refused, each to be shown as one problem line. */
  problems: readonly Problem[];
  /** Why the corpus as a whole is refused (nothing readable, or a failed integrity check), or null. */
  failure: string | null;
}

/**
 * Counts every call of every tool in the corpus, aborted episodes included (their calls
 * are calls of the domain's tools all the same), holding one batch of episodes at a time.
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
  const episodes = stream.summary().episodes;
  const failure =
    refused !== null
      ? `${refused.file} failed its integrity check after its episodes were read: the input is refused; nothing written`
      : episodes === 0
        ? `nothing could be read from ${paths.join(', ')}; nothing written`
        : null;
  return { uses, episodes, problems: stream.problems, failure };
}
