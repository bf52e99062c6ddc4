import { containsInjection } from '@carb/episodes';
import { TextMemo } from '@carb/io';

/**
 * Undoes YAML scalar quoting in a visible tool result: `''` in single-quoted scalars, and in
 * double-quoted ones the escaped line breaks (`\` + newline + indent, `\ ` = space) and
 * `\n`/`\"`/`\\` escapes. AgentDojo renders results as YAML, so an injection inside an
 * e-mail body reaches the model as escaped text; whitespace normalization alone misses
 * about 2 in 3 of the corpus's injections (App. C needs the objective the model saw).
 */
export function foldYamlQuoting(text: string): string {
  return text
    .replace(/''/g, "'")
    .replace(/\\\r?\n[ \t]*(\\ )?/g, (_m, space: string | undefined) => (space ? ' ' : ''))
    .replace(/\\(["\\nt])/g, (_m, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
}

/** True when the injection text is visible in a result, up to whitespace and YAML quoting. */
export function injectionVisible(result: string, injection: string): boolean {
  if (result === '') return false;
  return containsInjection(result, injection) || (/''|\\/.test(result) && containsInjection(foldYamlQuoting(result), injection));
}

/**
 * The longest space-free run of a whitespace-normalized needle: a text that contains the
 * needle up to whitespace contains this run verbatim, so its absence rules the needle out
 * without normalizing the text.
 */
export function needleProbe(needle: string): string {
  let probe = '';
  for (const word of needle.split(' ')) if (word.length > probe.length) probe = word;
  return probe;
}

/** True for the UTF-16 code units JavaScript's `\s` matches: the whitespace normalizeWhitespace collapses. */
function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * normalizeWhitespace(text).includes(needle), for a whitespace-normalized needle and its probe,
 * without normalizing the text: the probe is one of the needle's words, so every occurrence of
 * the needle maps that word onto a verbatim occurrence of the probe in `text`; each one is
 * tried, its neighbouring words compared across whitespace runs of any length. Results are
 * long and an injection is a small part of them: normalizing whole results was the cost.
 */
function includesUpToWhitespace(text: string, needle: string, probe: string): boolean {
  let at = text.indexOf(probe);
  // most results hold no injection: they cost one search, nothing allocated
  if (at < 0) return false;
  if (probe === needle) return true;
  const words = needle.split(' ');
  const anchor = words.indexOf(probe);
  for (; at >= 0; at = text.indexOf(probe, at + 1)) {
    if (wordsAround(text, words, anchor, at)) return true;
  }
  return false;
}

// Whether words[anchor] at `at` in text extends to the whole needle: one or more whitespace units
// between words, none asked for before the first word or after the last.
function wordsAround(text: string, words: readonly string[], anchor: number, at: number): boolean {
  let end = at + words[anchor]!.length;
  for (let w = anchor + 1; w < words.length; w++) {
    if (end >= text.length || !isSpace(text.charCodeAt(end))) return false;
    while (end < text.length && isSpace(text.charCodeAt(end))) end++;
    if (!text.startsWith(words[w]!, end)) return false;
    end += words[w]!.length;
  }
  let start = at;
  for (let w = anchor - 1; w >= 0; w--) {
    if (start === 0 || !isSpace(text.charCodeAt(start - 1))) return false;
    while (start > 0 && isSpace(text.charCodeAt(start - 1))) start--;
    const word = words[w]!;
    if (start < word.length || !text.startsWith(word, start - word.length)) return false;
    start -= word.length;
  }
  return true;
}

/**
 * Indices of `needles` (already whitespace-normalized injection texts) visible in `result`;
 * same decision as `injectionVisible`, the YAML-unquoted result built at most once for all vectors.
 * `probes[v]` is needleProbe(needles[v]): a result (plain or YAML-unquoted) without it
 * verbatim skips that comparison (most results carry no injection).
 */
export function visibleNeedles(result: string, needles: readonly string[], probes: readonly string[], skip: ReadonlySet<number>): number[] {
  if (result === '') return [];
  const foldable = /''|\\/.test(result);
  let unquoted: string | undefined;
  const out: number[] = [];
  for (let v = 0; v < needles.length; v++) {
    const n = needles[v]!;
    if (skip.has(v) || n === '') continue;
    const probe = probes[v]!;
    if (includesUpToWhitespace(result, n, probe)) out.push(v);
    else if (foldable && includesUpToWhitespace((unquoted ??= foldYamlQuoting(result)), n, probe)) out.push(v);
  }
  return out;
}

/** Results longer than this go through the memo of memoVisibleNeedles; shorter ones are searched each time. */
const LONG_RESULT = 1024;
const NO_SKIP: ReadonlySet<number> = new Set();
/** Visible needle indices of long results, by text, in a scope per set of needles (one memo per thread). */
const visibleMemo = new TextMemo<number[]>(8 << 20);

/**
 * visibleNeedles through a memo of long results per set of needles: the shared AgentDojo runs search
 * 5.9 M characters of results, 5.2 M of them in results over 1,024 characters, of which 2.4 M are
 * distinct with their needles (the same environment data and injection come back under each model).
 * The memo keeps each text's visible indices over all needles (no skip), and the skipped ones are
 * taken out here: the same indices visibleNeedles returns. `needlesKey` is needles.join('\0').
 */
export function memoVisibleNeedles(
  result: string,
  needles: readonly string[],
  probes: readonly string[],
  skip: ReadonlySet<number>,
  needlesKey: string,
): number[] {
  if (result.length <= LONG_RESULT) return visibleNeedles(result, needles, probes, skip);
  const visible = visibleMemo.get(result, (text) => visibleNeedles(text, needles, probes, NO_SKIP), needlesKey);
  return skip.size === 0 ? visible.slice() : visible.filter((v) => !skip.has(v));
}
