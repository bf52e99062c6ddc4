import { SELECTOR_KINDS, type SelectorKind } from '@carb/pipeline';
import { parseChoice } from './choice.ts';
import { badValue } from './usageError.ts';

/**
 * `all`, or selector kinds given as a comma list and/or by repeating the flag, none twice.
 * The one list option that may repeat: several selectors are one fused replay pass.
 */
export function parseSelectors(flag: string, raw: unknown): SelectorKind[] {
  const texts = (Array.isArray(raw) ? raw : [raw]).map(String);
  if (texts.length === 1 && texts[0]!.trim() === 'all') return [...SELECTOR_KINDS];
  const out: SelectorKind[] = [];
  for (const part of texts.flatMap((t) => t.split(','))) {
    const kind = parseChoice(flag, part.trim(), SELECTOR_KINDS);
    if (out.includes(kind)) throw badValue(flag, 'each selector once', `${kind} twice`);
    out.push(kind);
  }
  return out;
}
