import { lockOutput, outputFileProblem, removeStaleTemps } from '@carb/io';
import { UsageError } from '@carb/io';

/**
 * Runs a command's `work` holding the lock of its output (lockOutput in @carb/io; `part`
 * narrows it to one shard) from start to end: a second run on the same output is refused at
 * once (exit 1), not after its work, and never reports the other run's output as its own.
 */
export async function holdingOutput<T>(target: string, work: () => Promise<T> | T, part?: string): Promise<T> {
  const release = lockOutput(target, part);
  try {
    return await work();
  } finally {
    release();
  }
}

/**
 * holdingOutput for a file written whole (a corpus, a breakpoint table): refused before any
 * work (usage error, one line, naming `flag`) when it exists and is not `what` carb wrote (`isCarbs`), and,
 * once locked, cleared of the temporary files killed earlier writers of it left.
 */
export async function holdingOutputFile<T>(
  file: string,
  what: string,
  isCarbs: (file: string) => boolean,
  work: () => Promise<T> | T,
  flag = '--out',
): Promise<T> {
  const problem = outputFileProblem(file, what, isCarbs);
  if (problem) throw new UsageError(`${flag}: ${problem}`);
  return holdingOutput(file, () => {
    removeStaleTemps(file);
    return work();
  });
}
