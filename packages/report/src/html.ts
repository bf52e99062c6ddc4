import { escapeHtml } from '@carb/io';
import { parseMarkdownTable, unescapeMarkdown } from './markdown.ts';

function tableHtml(lines: string[]): string {
  const t = parseMarkdownTable(lines.join('\n'));
  const cell = (tag: string, s: string, i: number) => `<${tag}${t.align[i] === 'right' ? ' class="num"' : ''}>${escapeHtml(s)}</${tag}>`;
  const head = `<thead><tr>${t.header.map((h, i) => cell('th', h, i)).join('')}</tr></thead>`;
  const body = t.rows.map((r) => `<tr>${r.map((c, i) => cell('td', c, i)).join('')}</tr>`).join('\n');
  return `<table>\n${head}\n<tbody>\n${body}\n</tbody>\n</table>`;
}

/**
 * Converts the Markdown we write (ATX headings, pipe tables, plain paragraphs) to
 * HTML. Not a general Markdown renderer: inline markup stays literal text, backslash escapes
 * (which `markdownText` puts before the data's `\`, `|`, `<`, `&`) read as the character.
 */
export function markdownToHtml(md: string): string {
  const out: string[] = [];
  const lines = md.split('\n');
  let para: string[] = [];
  const flush = () => {
    if (para.length) out.push(`<p>${escapeHtml(unescapeMarkdown(para.join(' ')))}</p>`);
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const heading = /^(#{1,6})\s+(.*)$/.exec(l);
    if (heading) {
      flush();
      const level = heading[1]!.length;
      out.push(`<h${level}>${escapeHtml(unescapeMarkdown(heading[2]!))}</h${level}>`);
    } else if (l.trim().startsWith('|')) {
      flush();
      const block: string[] = [];
      while (i < lines.length && lines[i]!.trim().startsWith('|')) block.push(lines[i++]!);
      i--;
      out.push(tableHtml(block));
    } else if (l.trim() === '') {
      flush();
    } else {
      para.push(l.trim());
    }
  }
  flush();
  return out.join('\n');
}

export const PAGE_STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:1em 0;font-size:14px}th,td{border:1px solid #ccc;padding:3px 8px}th{background:#f3f3f3}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}code{font-size:13px}svg{max-width:100%;height:auto}
nav a{margin-right:1em}.hash{font-family:monospace;word-break:break-all}`;

/** A full HTML page with our fixed style (no timestamps, so reruns are byte-identical). */
export function htmlPage(title: string, body: string): string {
  return `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>${escapeHtml(title)}</title>\n<style>\n${PAGE_STYLE}\n</style>\n</head>\n<body>\n<h1>${escapeHtml(title)}</h1>\n${body}\n</body>\n</html>\n`;
}
