import { join } from 'node:path';
import { printable } from '@carb/io';
import { verify, verifyVerdict } from '@carb/jobs';
import { withoutOut } from '../argv.ts';
import type { VerifyArgs } from './verify.ts';

/** `carb verify`, once its options have passed: the job (@carb/jobs) re-running carb's own `main`, then its findings and verdict. */
export async function run(args: VerifyArgs): Promise<void> {
  const r = await verify(args, {
    rerun,
    manifestHash: (sha256) => process.stdout.write(`manifest sha256 ${sha256}\n`),
    nestedSkipped: (nested) =>
      process.stdout.write(
        `${printable(`verify: skipped ${nested.length} nested carb output folder(s): ${nested.map((n) => join(args.dir, n)).join(', ')}`)}\n`,
      ),
  });
  for (const f of r.findings) process.stderr.write(`${r.stage === 'folder' || r.stage === 'rerun' ? printable(f) : f}\n`);
  process.stdout.write(`${verifyVerdict(args.dir, r)}\n`);
  if (r.findings.length) process.exitCode = 1;
}

/** The report's command re-run in this process, its own table and report path kept off stdout (its problems still reach stderr). */
async function rerun(argv: string[], out: string): Promise<number> {
  const { main } = await import('../main.ts');
  // eslint-disable-next-line @typescript-eslint/unbound-method -- kept only to be put back as it was, never called unbound
  const write = process.stdout.write;
  process.stdout.write = () => true;
  try {
    return await main([...withoutOut(argv), '--out', out]);
  } finally {
    process.stdout.write = write;
  }
}
