import { auditLines, table1Markdown } from '@carb/audit';
import { printableLines } from '@carb/io';
import { audit } from '@carb/jobs';
import type { AuditArgs } from './audit.ts';

/** `carb audit`, once its options have passed: the job (@carb/jobs), then its summary (or summary.json with --json). */
export async function run(args: AuditArgs): Promise<void> {
  const { report, extras, summary } = await audit(args, {
    notice: (text) => process.stderr.write(`carb: ${text}\n`),
    warning: (text) => process.stderr.write(`${printableLines(`carb: warning: ${text}`)}\n`),
  });
  if (args.json) {
    process.stdout.write(`${printableLines(JSON.stringify(summary, null, 2))}\n`);
    return;
  }
  const lines = [...auditLines(args.items, report, extras), '', table1Markdown(report).trimEnd(), '', `wrote ${args.out}`];
  process.stdout.write(`${printableLines(lines.join('\n'))}\n`);
}
