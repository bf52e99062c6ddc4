import { readFileSync } from 'node:fs';
import { printable, printableLines } from '@carb/io';
import { checkTyping, loadToolTyping, type TypingCheck } from '@carb/pipeline';
import type { ToolsCheckArgs } from './tools.ts';
import { corpusToolUse } from './toolsUsage.ts';

/** Tools whose review note (validated with the file by loadToolTyping) still says review: true. */
function pendingReview(file: string): string[] {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as { review?: Record<string, { review: boolean }> };
  return Object.entries(raw.review ?? {})
    .filter(([, note]) => note.review)
    .map(([tool]) => tool);
}

const calls = (n: number) => `${n} call${n === 1 ? '' : 's'}`;

function findingLines(c: TypingCheck): string[] {
  const line = (name: string, items: string[]) => `${name}: ${items.length}${items.length > 0 ? `: ${items.join(', ')}` : ''}`;
  return [
    line(
      'untyped (called, not in the typing)',
      c.untyped.map((u) => `${printable(u.tool)} (${calls(u.calls)})`),
    ),
    line('unused (in the typing, never called)', c.unused.map(printable)),
    line(
      'contradictory',
      c.contradictory.map((x) => `${printable(x.tool)} [${x.types.join(', ')}]: ${x.reasons.join('; ')}`),
    ),
    line('unreviewed (review: true)', c.unreviewed.map(printable)),
  ];
}

/** `carb tools check`, once its options have passed: exit status 1 when there are findings. */
export async function run(args: ToolsCheckArgs): Promise<void> {
  const typing = loadToolTyping(args.typing);
  const pending = pendingReview(args.typing);
  const { uses, episodes, problems } = await corpusToolUse(args.corpus, args.format);
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
      ...findingLines(result),
      findings === 0 ? 'clean' : `${findings} finding(s)`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  if (findings > 0) process.exitCode = 1;
}
