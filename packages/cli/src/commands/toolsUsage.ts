import { corpusToolUse, type CorpusFormat, type CorpusToolUse } from '@carb/episodes';
import { writeProblems } from '../printNotice.ts';

/** The tools a corpus calls (@carb/episodes), its problems printed one line each; a refused corpus throws (a data error). */
export async function toolUse(paths: readonly string[], format: CorpusFormat): Promise<CorpusToolUse> {
  const use = await corpusToolUse(paths, format);
  writeProblems(use.problems);
  if (use.failure !== null) throw new Error(use.failure);
  return use;
}
