import { deployDiff, heldOutBeside, readDeployRows } from '@carb/deploy';
import { printable } from '@carb/io';
import type { DiffArgs } from './deploy.ts';

/** `carb deploy diff`, once its options have passed. */
export function run(args: DiffArgs): void {
  const a = readDeployRows(args.a).map((r) => r.row);
  const b = readDeployRows(args.b).map((r) => r.row);
  const { lines, changed } = deployDiff(a, b, heldOutBeside(args.a), heldOutBeside(args.b));
  process.stdout.write(`a ${printable(args.a)}\nb ${printable(args.b)}\n`);
  for (const l of lines) process.stdout.write(`${printable(l)}\n`);
  process.stdout.write(`${changed} of ${lines.length} thresholds differ (* marks them)\n`);
}
