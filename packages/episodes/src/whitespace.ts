/** Collapses every run of whitespace to one space and trims the ends. */
export function normalizeWhitespace(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/**
 * True when `injectionText` occurs in `text` up to whitespace. AgentDojo injects by
 * formatting into YAML and re-parsing it, which folds blank lines, so exact matching
 * misses most injections.
 */
export function containsInjection(text: string, injectionText: string): boolean {
  const needle = normalizeWhitespace(injectionText);
  if (needle === '') return false;
  return normalizeWhitespace(text).includes(needle);
}
