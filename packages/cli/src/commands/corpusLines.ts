import { printableLines } from '@carb/io';

/**
 * Reports a failure as one line and a non-zero exit code. (A throw from a synchronous
 * handler escapes main()'s yargs fail handler as a stack trace.)
 */
export function fail(message: string): void {
  process.stderr.write(`carb: ${printableLines(message)}\n`);
  process.exitCode = 1;
}
