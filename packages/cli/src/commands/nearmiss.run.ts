import { printable, printableLines } from '@carb/io';
import { nearmiss, nearmissJsonRows, nearmissTable } from '@carb/jobs';
import { fail } from './corpusLines.ts';
import type { NearmissArgs } from './nearmiss.ts';

/** `carb nearmiss`, once its options have passed: the job (@carb/jobs), its problems and warnings, its tables. */
export async function run(args: NearmissArgs): Promise<void> {
  const result = await nearmiss(args, (problems, warnings) => {
    for (const p of problems) process.stderr.write(`${printable(p)}\n`);
    for (const w of warnings) process.stderr.write(`carb: warning: ${printable(w)}\n`);
  });
  if (result.failure !== null) {
    fail(result.failure);
    return;
  }
  const { rows, byReading, problems, flagged } = result;
  if (args.json) process.stdout.write(`${printableLines(JSON.stringify(nearmissJsonRows(rows, byReading), null, 2))}\n`);
  else
    process.stdout.write(
      `${[`reading: ${args.reading} (flagged evidence and figures); both readings:`, ...nearmissTable(byReading), `problems: ${problems}`, `flagged trajectories: ${flagged}`, `wrote ${args.out}`].join('\n')}\n`,
    );
}
