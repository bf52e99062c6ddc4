import { textWidth } from './textWidth.ts';

/**
 * Splits a word between user-perceived characters only (a combining mark stays on its letter), in a
 * fixed locale (the same lines everywhere). Made at the first word too wide for a line: building
 * one loads ICU's break rules, ~15–20 ms that every command would pay at import.
 */
let graphemes: Intl.Segmenter | null = null;

/**
 * `text` broken into lines no wider than `maxWidth` px in the plot font (textWidth): greedily at
 * spaces, and inside a word only when the word alone is wider than a line (a long model name).
 * Runs of white space become one space, as SVG draws them; nothing else is dropped. One line (the
 * text as given) when it fits.
 */
export function wrapText(text: string, maxWidth: number, fontSize: number, weight: 'normal' | 'bold' = 'normal'): string[] {
  if (textWidth(text, fontSize, weight) <= maxWidth) return [text];
  const fits = (s: string) => textWidth(s, fontSize, weight) <= maxWidth;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    const joined = line === '' ? word : `${line} ${word}`;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line !== '') lines.push(line);
    line = '';
    if (fits(word)) {
      line = word;
      continue;
    }
    // a word wider than a line: as many characters (grapheme clusters) per line as fit (at least one)
    graphemes ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
    for (const { segment } of graphemes.segment(word)) {
      if (line !== '' && !fits(line + segment)) {
        lines.push(line);
        line = '';
      }
      line += segment;
    }
  }
  if (line !== '') lines.push(line);
  // white space alone: as given (SVG draws nothing of it either)
  return lines.length ? lines : [text];
}
