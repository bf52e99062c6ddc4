import { ingest } from '@carb/jobs';
import { writeProblems } from '../printNotice.ts';
import { fail } from './corpusLines.ts';
import { corpusSummaryLines } from '@carb/episodes';
import type { IngestArgs } from './ingest.ts';

/** `carb ingest`, once its options have passed: the job (@carb/jobs), its problems, summary and outcome. */
export async function run(args: IngestArgs): Promise<void> {
  const { failure, read } = await ingest(args);
  if (read) {
    writeProblems(read.problems);
    process.stdout.write(`${corpusSummaryLines(read.summary, read.unknown).join('\n')}\n`);
  }
  if (failure !== null) {
    fail(failure);
    return;
  }
  process.stdout.write(`wrote ${args.out}\n`);
}
