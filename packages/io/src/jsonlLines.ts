/**
 * The non-blank lines of a JSONL text parsed one by one: each as `{ at, line, value }` (`at` is
 * `file:line`, 1-based), a malformed one as one problem line saying what was `expected`.
 */
export function* jsonlLines(text: string, file: string, expected: string, problems: string[]): Generator<{ at: string; line: number; value: unknown }> {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const body = lines[i]!.trim();
    if (body === '') continue;
    const at = `${file}:${i + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch (e) {
      problems.push(`${at}: expected ${expected} per line, found malformed JSON (${(e as Error).message.replace(/\s*\n\s*/g, ' ')})`);
      continue;
    }
    yield { at, line: i + 1, value };
  }
}
