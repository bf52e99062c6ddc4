import { printable } from '@carb/io';
import { monitor, monitorLines } from '@carb/jobs';
import { printNotice } from '../printNotice.ts';
import type { MonitorArgs } from './monitor.ts';

/** `carb monitor`, once its options have passed: the job (@carb/jobs), then the batch and the risk so far; exit 1 on an alarm. */
export async function run(args: MonitorArgs): Promise<void> {
  const r = await monitor(args, printNotice);
  for (const line of monitorLines(r, args.state)) process.stdout.write(`${printable(line)}\n`);
  if (r.risk.alarmAt !== null) process.exitCode = 1;
}
