/** One non-blank line of a JSONL text: its 1-based number and parsed value, or the parser's message. */
export type ParsedLine = { line: number; value: unknown; error?: undefined } | { line: number; error: string; value?: undefined };

/** The non-blank lines of a JSONL text, each parsed; how a malformed one is reported is the caller's. */
export function* parsedLines(text: string): Generator<ParsedLine> {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const body = lines[i]!.trim();
    if (body === '') continue;
    try {
      yield { line: i + 1, value: JSON.parse(body) as unknown };
    } catch (e) {
      yield { line: i + 1, error: (e as Error).message };
    }
  }
}

/**
 * The non-blank lines of a JSONL text parsed one by one: each as `{ at, line, value }` (`at` is
 * `file:line`, 1-based), a malformed one as one problem line saying what was `expected`.
 */
export function* jsonlLines(
  text: string,
  file: string,
  expected: string,
  problems: string[],
): Generator<{ at: string; line: number; value: unknown }> {
  for (const p of parsedLines(text)) {
    const at = `${file}:${p.line}`;
    if (p.error !== undefined)
      problems.push(`${at}: expected ${expected} per line, found malformed JSON (${p.error.replace(/\s*\n\s*/g, ' ')})`);
    else yield { at, line: p.line, value: p.value };
  }
}
