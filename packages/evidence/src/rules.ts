import type { GraphRules, Pipeline, SanitizerConfig } from '@carb/pipeline';
import { distinct } from './distinct.ts';

/** Field-name words of the typed relations 5 and 7 (frozen with the code, documented in the README). */
export const FINANCIAL_FIELD_WORDS: readonly string[] = ['transaction', 'account', 'iban'];
export const THREAD_FIELD_WORDS: readonly string[] = ['thread', 'message', 'channel'];

export const IBAN_PATTERN = /\b[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}\b/g;

/** Field classes a field name can fall into (bit set). */
export const FIELD_IDENTIFIER = 1;
export const FIELD_FINANCIAL = 2;
export const FIELD_THREAD = 4;

/** Compiled form of the frozen graph and sanitizer rules of one pipeline. */
export interface CompiledRules {
  readonly graph: GraphRules;
  readonly canary: RegExp;
  readonly injection: readonly RegExp[];
  /** Field classes of a field name (cached; token-prefix match, see fieldClass). */
  fieldClass(name: string): number;
}

const graphCache = new WeakMap<GraphRules, WeakMap<SanitizerConfig, CompiledRules>>();

/** Compiles (once per graph/sanitizer config object) the regexes and field matchers. */
export function compileRules(pipeline: Pipeline): CompiledRules {
  let inner = graphCache.get(pipeline.graph);
  if (inner === undefined) {
    inner = new WeakMap();
    graphCache.set(pipeline.graph, inner);
  }
  let rules = inner.get(pipeline.sanitizer);
  if (rules === undefined) {
    rules = build(pipeline.graph, pipeline.sanitizer);
    inner.set(pipeline.sanitizer, rules);
  }
  return rules;
}

function build(graph: GraphRules, sanitizer: SanitizerConfig): CompiledRules {
  const words = graph.identifierFields.map((w) => w.toLowerCase());
  const classes = new Map<string, number>();
  return {
    graph,
    canary: new RegExp(sanitizer.canaryPattern, 'g'),
    injection: sanitizer.injectionMarkers.map((m) => new RegExp(m, 'i')),
    fieldClass(name) {
      let c = classes.get(name);
      if (c === undefined) {
        const tokens = fieldTokens(name);
        c =
          (hasWord(tokens, words) ? FIELD_IDENTIFIER : 0) |
          (hasWord(tokens, FINANCIAL_FIELD_WORDS) ? FIELD_FINANCIAL : 0) |
          (hasWord(tokens, THREAD_FIELD_WORDS) ? FIELD_THREAD : 0);
        classes.set(name, c);
      }
      return c;
    },
  };
}

/** `recipientIban` / `file_id` / `id_` → lower-case tokens. */
export function fieldTokens(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 0);
}

// A token matches a word when it starts with it: `recipients`, `filename`, `messages` match;
// `provider` does not match `id` (substring matching would link on almost every field).
function hasWord(tokens: readonly string[], words: readonly string[]): boolean {
  return tokens.some((t) => words.some((w) => t.startsWith(w)));
}

const NO_MATCHES: readonly string[] = [];

/**
 * All matches of a global regex (fresh lastIndex), deduplicated, in first-seen order; the
 * same as `new Set(text.matchAll(re))`. An exec loop rather than matchAll, which clones the
 * regex on every call (this runs on every action and result), and no allocation when nothing matches.
 */
export function allMatches(re: RegExp, text: string): readonly string[] {
  if (!re.global) throw new TypeError(`allMatches: expected a global regex, found ${String(re)}`);
  if (text.length === 0) return NO_MATCHES;
  re.lastIndex = 0;
  let m = re.exec(text);
  if (m === null) return NO_MATCHES;
  const out: string[] = [];
  for (; m !== null; m = re.exec(text)) {
    out.push(m[0]);
    // an empty match does not move lastIndex: step past it as matchAll does (by code point under u / v)
    if (m[0].length === 0) re.lastIndex = advance(text, re.lastIndex, re.unicode || re.flags.includes('v'));
  }
  re.lastIndex = 0;
  return distinct(out);
}

function advance(text: string, at: number, unicode: boolean): number {
  if (!unicode || at + 1 >= text.length) return at + 1;
  const c = text.charCodeAt(at);
  return c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(at + 1) & 0xfc00) === 0xdc00 ? at + 2 : at + 1;
}

const LOCAL = /[A-Za-z0-9._%+-]/;
const DOMAIN = /[A-Za-z0-9.-]/;
const EMAIL_DOMAIN = /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;

/**
 * E-mail addresses (`local@domain.tld`), deduplicated in first-seen order. Expands around
 * each `@` instead of running a regex from every position (results are megabytes in total).
 */
export function emailsIn(text: string): readonly string[] {
  const out: string[] = [];
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    let a = at;
    while (a > 0 && LOCAL.test(text[a - 1]!)) a--;
    if (a === at) continue;
    let b = at + 1;
    while (b < text.length && DOMAIN.test(text[b]!)) b++;
    const domain = EMAIL_DOMAIN.exec(text.slice(at + 1, b));
    if (domain !== null) out.push(text.slice(a, at + 1) + domain[0]);
  }
  return distinct(out);
}
