/**
 * Characters that must not reach a terminal (or a page) raw from user data: C0 and C1
 * controls with DEL (ESC starts the sequences that recolour, move the cursor or retitle the
 * window), the Unicode line and paragraph separators, and the bidirectional controls that
 * reorder what is shown (U+202E "Trojan Source"). Letters, combining marks ("λ̂") and
 * punctuation ("—") are not among them.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** The same without the line feed: for whole outputs whose line breaks are ours. */
// eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for
const UNSAFE_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** One unsafe character as its JSON escape (`\n`, `\u001b`, `\u202e`): visible, and still valid inside a JSON string. */
export function escapeControl(c: string): string {
  return NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * An untrusted string (a tool, model or stratum name, an episode id) as it may be printed:
 * every control, separator and bidi character, line feed included, shown as its JSON escape,
 * so a name can neither drive the terminal nor forge a line. Printable text is returned as is.
 */
export function printable(s: string): string {
  return s.replace(UNSAFE, escapeControl);
}

/**
 * {@link printable} for a whole output of several lines: line feeds stay (they are the
 * output's own), every other unsafe character is escaped. Inside JSON text the escapes are
 * valid JSON escapes of the same characters, so `--json` output keeps its values.
 */
export function printableLines(s: string): string {
  return s.replace(UNSAFE_BUT_NEWLINE, escapeControl);
}
