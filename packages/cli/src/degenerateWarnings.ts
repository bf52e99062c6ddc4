import { printable } from '@carb/io';

/** A calibration's degenerate-deployment warnings (degenerateDeployment), one `carb: warning:` line each on stderr. */
export function printDegenerateWarnings(warnings: readonly string[]): void {
  for (const w of warnings) process.stderr.write(`carb: warning: degenerate deployment: ${printable(w)}\n`);
}
