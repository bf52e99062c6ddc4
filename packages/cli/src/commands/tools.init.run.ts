import { printable, writeFileAtomic } from '@carb/io';
import { typingSkeleton, typingSkeletonText } from '@carb/pipeline';
import type { ToolsInitArgs } from './tools.ts';
import { toolUse } from './toolsUsage.ts';

/** `carb tools init`, once its options have passed. */
export async function run(args: ToolsInitArgs): Promise<void> {
  const { uses, episodes, problems: refused } = await toolUse(args.corpus, args.format);
  const problems = refused.length;
  const skeleton = typingSkeleton(uses, episodes);
  writeFileAtomic(args.out, typingSkeletonText(skeleton));
  const names = Object.keys(skeleton.tools);
  const width = Math.max(4, ...names.map((n) => printable(n).length));
  const calls = names.reduce((s, n) => s + skeleton.review[n]!.calls, 0);
  const unknown = names.filter((n) => skeleton.tools[n]!.length === 0).length;
  const lines = [
    `episodes read: ${episodes}${problems > 0 ? ` (${problems} problem(s) above)` : ''}`,
    `tools: ${names.length} (${calls} calls); with a suggested type: ${names.length - unknown}; left [] (unknown): ${unknown}`,
    '',
    `${'tool'.padEnd(width)} ${'calls'.padStart(6)}  suggested`,
    ...names.map(
      (n) => `${printable(n).padEnd(width)} ${String(skeleton.review[n]!.calls).padStart(6)}  ${skeleton.tools[n]!.join(', ') || '[]'}`,
    ),
    '',
    `wrote ${args.out}: every entry is marked for review; then run carb tools check ${args.out} <corpus>`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
