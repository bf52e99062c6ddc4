import { join } from 'node:path';
import { mergeSweep } from '@carb/sweep';
import type { SweepMergeArgs } from './sweep.ts';

/** `carb sweep merge`, once its options have passed. */
export async function run(args: SweepMergeArgs): Promise<void> {
  const merged = mergeSweep(args.dirs, args.out);
  const tables = merged.aggregates.filter((f) => f.endsWith('.json')).map((f) => `${f.replace(/\.json$/, '')}: ${join(args.out, f)}`);
  process.stdout.write(`${[`sweep ${merged.record.name}: merged ${merged.conditions} conditions from ${args.dirs.length} folders into ${args.out}`, ...tables, `report: ${join(args.out, 'index.html')}`].join('\n')}\n`);
}
