import type { TypingSkeleton } from './typingSkeleton.ts';

// One value on one line, spaced as the hand-written configs/tools files are: ["a", "b"].
// JSON.stringify escapes newlines inside strings, so every raw newline it emits is layout.
function oneLine(value: unknown): string {
  return JSON.stringify(value, null, 1)
    .replace(/([[{])\n\s*/g, '$1')
    .replace(/\n\s*([\]}])/g, '$1')
    .replace(/,\n\s*/g, ', ');
}

function entries(map: Readonly<Record<string, unknown>>): string {
  const lines = Object.keys(map).map((k) => `    ${JSON.stringify(k)}: ${oneLine(map[k])}`);
  return lines.length === 0 ? '{}' : `{\n${lines.join(',\n')}\n  }`;
}

/** The text of a typing skeleton as `carb tools init` writes it: one tool per line, so a reviewer edits one line per tool. */
export function typingSkeletonText(s: TypingSkeleton): string {
  return `{\n  "_comment": ${JSON.stringify(s._comment, null, 4).replace(/\n]$/, '\n  ]')},\n  "tools": ${entries(s.tools)},\n  "review": ${entries(s.review)}\n}\n`;
}
