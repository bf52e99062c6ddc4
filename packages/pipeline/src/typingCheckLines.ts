import { readFileSync } from 'node:fs';
import { printable } from '@carb/io';
import type { TypingCheck } from './typingCheck.ts';

/** Tools whose review note (validated with the file by loadToolTyping) still says review: true. */
export function pendingReview(file: string): string[] {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as { review?: Record<string, { review: boolean }> };
  return Object.entries(raw.review ?? {})
    .filter(([, note]) => note.review)
    .map(([tool]) => tool);
}

const calls = (n: number) => `${n} call${n === 1 ? '' : 's'}`;

/** The findings of a typing check, one line per kind with its count and tools (`carb tools check`). */
export function typingCheckLines(c: TypingCheck): string[] {
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
