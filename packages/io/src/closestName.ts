import { distance } from 'fastest-levenshtein';

/**
 * The candidate nearest to `word` by edit distance, or null when none is near enough to
 * be a likely typo (at most a third of the word's length, and at least 2, edits away).
 * Ties go to the earlier candidate so the suggestion does not depend on hashing order.
 */
export function closestName(word: string, candidates: readonly string[]): string | null {
  const limit = Math.max(2, Math.ceil(word.length / 3));
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = distance(word.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return bestDistance <= limit ? best : null;
}
