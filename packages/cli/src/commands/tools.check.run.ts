import { printableLines } from '@carb/io';
import { checkTyping, loadToolTyping, pendingReview, typingCheckLines } from '@carb/pipeline';
import type { ToolsCheckArgs } from './tools.ts';
import { toolUse } from './toolsUsage.ts';

/** `carb tools check`, once its options have passed: exit status 1 when there are findings. */
export async function run(args: ToolsCheckArgs): Promise<void> {
  const typing = loadToolTyping(args.typing);
  const pending = pendingReview(args.typing);
  const { uses, episodes, problems: refused } = await toolUse(args.corpus, args.format);
  const problems = refused.length;
  const result = checkTyping(typing, uses, pending);
  const findings = result.untyped.length + result.unused.length + result.contradictory.length + result.unreviewed.length;
  const counts = {
    episodes,
    problems,
    toolsCalled: uses.size,
    calls: [...uses.values()].reduce((s, u) => s + u.calls, 0),
    toolsTyped: Object.keys(typing).length,
    findings,
  };
  if (args.json) {
    process.stdout.write(`${printableLines(JSON.stringify({ ...counts, ...result }, null, 2))}\n`);
  } else {
    const lines = [
      `corpus: ${episodes} episodes${problems > 0 ? ` (${problems} problem(s) above)` : ''}, ${counts.toolsCalled} tools called ${counts.calls} times; typing: ${counts.toolsTyped} tools`,
      ...typingCheckLines(result),
      findings === 0 ? 'clean' : `${findings} finding(s)`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  if (findings > 0) process.exitCode = 1;
}
