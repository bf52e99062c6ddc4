import { markdownText } from '@carb/io';

export type Align = 'left' | 'right';

/** A table in our Markdown dialect: one header row, alignment, body rows of plain-text cells. */
export interface MdTable {
  header: string[];
  align: Align[];
  rows: string[][];
}

/** A backslash before ASCII punctuation is a Markdown escape: the character itself. */
export function unescapeMarkdown(s: string): string {
  return s.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

/** Renders a GitHub-style pipe table (one line per row, trailing newline). */
export function renderMarkdownTable(t: MdTable): string {
  const line = (cells: string[]) => `| ${cells.map(markdownText).join(' | ')} |`;
  const rule = `|${t.align.map((a) => (a === 'right' ? '---:' : ':---')).join('|')}|`;
  return [line(t.header), rule, ...t.rows.map(line)].join('\n') + '\n';
}

function splitRow(line: string): string[] {
  const inner = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  const cells: string[] = [];
  let cur = '';
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i]!;
    if (c === '\\' && i + 1 < inner.length) {
      cur += inner[++i]!;
    } else if (c === '|') {
      cells.push(cur.trim());
      cur = '';
    } else {
      cur += c;
    }
  }
  cells.push(cur.trim());
  return cells;
}

/** Parses the tables written by renderMarkdownTable back (inverse on our own output). */
export function parseMarkdownTable(md: string): MdTable {
  const lines = md.split('\n').filter((l) => l.trim().startsWith('|'));
  if (lines.length < 2) throw new Error('report: expected a Markdown pipe table (header and rule lines), found fewer than two table lines');
  const header = splitRow(lines[0]!);
  const align: Align[] = splitRow(lines[1]!).map((r) => (r.endsWith(':') && !r.startsWith(':') ? 'right' : 'left'));
  return { header, align, rows: lines.slice(2).map(splitRow) };
}
