import { printable } from '@carb/io';

export type Align = 'left' | 'right';

/** A table in our Markdown dialect: one header row, alignment, body rows of plain-text cells. */
export interface MdTable {
  header: string[];
  align: Align[];
  rows: string[][];
}

/**
 * Text from the data (a stratum, model or tool name) as Markdown inline text, in a cell,
 * heading or paragraph: controls and line breaks shown as escapes (a name cannot end its
 * row or heading), and `\`, `|`, `<`, `&` backslash-escaped (it cannot split a cell, open an
 * HTML tag or spell an entity). Renderers and {@link parseMarkdownTable} read it back as the
 * visible text; text of ours has none of these characters, so its bytes do not change.
 */
export function markdownText(s: string): string {
  return printable(s).replace(/[\\|<&]/g, '\\$&');
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
