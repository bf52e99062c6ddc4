import { join } from 'node:path';
import { applyReportLines } from '@carb/deploy';
import { printable } from '@carb/io';
import { apply } from '@carb/jobs';
import { invocation } from '../argv.ts';
import { printNotice } from '../printNotice.ts';
import type { ApplyArgs } from './apply.ts';

/** `carb apply`, once its options have passed: the job (@carb/jobs), then its report's lines. */
export async function run(args: ApplyArgs): Promise<void> {
  const report = await apply(args, invocation(), printNotice);
  for (const line of applyReportLines(report)) process.stdout.write(`${printable(line)}\n`);
  process.stdout.write(`report: ${join(args.out, 'index.html')}\n`);
}
