import { containsInjection, normalizeWhitespace } from '@carb/episodes';

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

/**
 * Indices of `needles` (already whitespace-normalized injection texts) visible in `result`;
 * same decision as `injectionVisible`, normalizing the result at most once for all vectors.
 * `probes[v]` is needleProbe(needles[v]): a result (plain or YAML-unquoted) without it
 * verbatim skips that comparison (most results carry no injection, and normalizing them was the cost).
 */
export function visibleNeedles(result: string, needles: readonly string[], probes: readonly string[], skip: ReadonlySet<number>): number[] {
  if (result === '') return [];
  const foldable = /''|\\/.test(result);
  let plain: string | undefined;
  let unquoted: string | undefined;
  let folded: string | undefined;
  const out: number[] = [];
  for (let v = 0; v < needles.length; v++) {
    const n = needles[v]!;
    if (skip.has(v) || n === '') continue;
    const probe = probes[v]!;
    if (result.includes(probe) && (plain ??= normalizeWhitespace(result)).includes(n)) out.push(v);
    else if (foldable && (unquoted ??= foldYamlQuoting(result)).includes(probe) && (folded ??= normalizeWhitespace(unquoted)).includes(n))
      out.push(v);
  }
  return out;
}
