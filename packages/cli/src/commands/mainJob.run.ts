import { join } from 'node:path';
import { printable } from '@carb/io';
import { mainJob } from '@carb/jobs';
import { invocation } from '../argv.ts';
import { printDegenerateWarnings } from '../degenerateWarnings.ts';
import { printNotice } from '../printNotice.ts';
import type { MainArgs } from './mainJob.ts';

/** `carb main`, once its options have passed: the job (@carb/jobs), its progress on stderr, its tables on stdout. */
export async function run(args: MainArgs): Promise<void> {
  const { out, manifestHash, tables } = await mainJob(args, {
    argv: invocation(),
    onSection: (title) => process.stderr.write(`carb: ${printable(title)}\n`),
    onWarnings: printDegenerateWarnings,
    onNotice: printNotice,
  });
  const shown =
    tables === null
      ? ''
      : `${Object.entries(tables)
          .map(([name, md]) => `${name}\n\n${md}`)
          .join('\n')}\n`;
  process.stdout.write(`${shown}manifest sha256 ${String(manifestHash)}\nreport: ${join(out, 'index.html')}\n`);
}
