/** What forces a CSV field into quotes (RFC 4180 §2.6): the separator, a quote, or a line break of either kind. */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV field (RFC 4180): as is, or, when it holds a comma, a double quote, CR or LF,
 * in double quotes with every double quote doubled. A field from the data (a stratum,
 * condition or tool name) then cannot split its row or start a new one.
 */
export function csvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A whole CSV text: each row's fields (already formatted: numbers as the report rounds them,
 * empty for a missing value) passed through {@link csvField}, joined by commas, one row per
 * line, LF line ends, a final LF.
 */
export function csvText(rows: Iterable<readonly string[]>): string {
  let out = '';
  for (const row of rows) out += `${row.map(csvField).join(',')}\n`;
  return out;
}
