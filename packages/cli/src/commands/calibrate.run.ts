import { join } from 'node:path';
import { rationalValue } from '@carb/pipeline';
import { printableLines } from '@carb/io';
import { calibrate, deployLambdaLines } from '@carb/jobs';
import { summaryTable } from '@carb/report';
import { invocation } from '../argv.ts';
import { printDegenerateWarnings } from '../degenerateWarnings.ts';
import { printNotice } from '../printNotice.ts';
import type { CalibrateArgs } from './calibrate.ts';

/** `carb calibrate`, once its options have passed: the job (@carb/jobs), then its summary. */
export async function run(args: CalibrateArgs): Promise<void> {
  const { protocol, deploy, warnings, pipelineHash, manifestHash } = await calibrate(args, invocation(), printNotice);
  printDegenerateWarnings(warnings);
  const shown = args.alphas.map(rationalValue);
  process.stdout.write(`${summaryTable(protocol.summary, { alphas: shown })}\n\n`);
  process.stdout.write(`${printableLines(deployLambdaLines(deploy).join('\n'))}\n\n`);
  process.stdout.write(`pipeline hash ${pipelineHash}\nmanifest sha256 ${String(manifestHash)}\nreport: ${join(args.out, 'index.html')}\n`);
}
