import { printable } from './printable.ts';

/**
 * Text from the data (a stratum, model or tool name) as Markdown inline text, in a cell,
 * heading or paragraph: controls and line breaks shown as escapes (a name cannot end its
 * row or heading), and `\`, `|`, `<`, `&` backslash-escaped (it cannot split a cell, open an
 * HTML tag or spell an entity). Renderers and the report's parseMarkdownTable read it back as the
 * visible text; text of ours has none of these characters, so its bytes do not change.
 */
export function markdownText(s: string): string {
  return printable(s).replace(/[\\|<&]/g, '\\$&');
}
