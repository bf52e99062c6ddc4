import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { deployDiff, type HeldOut } from '@carb/deploy';
import { describeValue, printable } from '@carb/io';
import { readDeployRows } from '@carb/deploy';
import type { DiffArgs } from './deploy.ts';

/** summary.json beside a deploy.json: its rows as held-out estimates. */
function heldOut(deployFile: string): HeldOut[] {
  const file = join(dirname(deployFile), 'summary.json');
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Error(
      `${file}: expected the summary.json a calibration writes beside deploy.json, found ${code === 'ENOENT' ? 'no file' : (code ?? (e as Error).message)}`,
    );
  }
  if (!Array.isArray(raw)) throw new Error(`${file}: expected a JSON array of summary rows, found ${describeValue(raw)}`);
  return raw as HeldOut[];
}

/** `carb deploy diff`, once its options have passed. */
export function run(args: DiffArgs): void {
  const a = readDeployRows(args.a).map((r) => r.row);
  const b = readDeployRows(args.b).map((r) => r.row);
  const { lines, changed } = deployDiff(a, b, heldOut(args.a), heldOut(args.b));
  process.stdout.write(`a ${printable(args.a)}\nb ${printable(args.b)}\n`);
  for (const l of lines) process.stdout.write(`${printable(l)}\n`);
  process.stdout.write(`${changed} of ${lines.length} thresholds differ (* marks them)\n`);
}
