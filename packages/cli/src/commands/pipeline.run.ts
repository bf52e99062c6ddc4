import { printableLines } from '@carb/io';
import { checkPipeline, loadPipeline, pipelineCheckText } from '@carb/pipeline';
import type { CheckArgs } from './pipeline.ts';

/** `carb pipeline check`, once its options have passed. */
export function run(args: CheckArgs): void {
  const result = checkPipeline(loadPipeline(args.file));
  const json = () => `${printableLines(JSON.stringify({ ...result, config: JSON.parse(result.config) as unknown }, null, 2))}\n`;
  process.stdout.write(args.json ? json() : pipelineCheckText(result));
}
