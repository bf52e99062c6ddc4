import type { Domain } from './domain.ts';
import { between, pick, type Rng } from './draw.ts';

/**
 * Cover notes a sender may attach to the terminal action, drawn independently of the label (both
 * twins carry the same bytes). Two carry wording an action-local reader treats as a
 * sensitivity label, as real notes sometimes do; nothing filters them out.
 */
const NOTES = [
  'Here is the latest version, as discussed.',
  'Sharing for your review before Thursday.',
  'Draft attached - internal only until launch, please do not forward.',
  'Final copy; let me know if anything is missing.',
  'Please keep this confidential until the announcement.',
  'As promised, the updated file.',
];

/** The terminal action's arguments with a cover note in a quarter of the pairs. */
export function withCoverNote(domain: Domain, rng: Rng, args: Record<string, unknown>): Record<string, unknown> {
  return rng() < 0.25 ? { ...args, [domain.send.noteKey]: pick(rng, NOTES) } : args;
}

/**
 * Content as a writer copies it into a draft: verbatim (the source's record line) in most pairs,
 * reworded in some (the figure rounded, the reference kept or dropped), as people summarise.
 */
export function copiedContent(rng: Rng, topic: string, line: string): string {
  const r = rng();
  if (r < 0.7) return line;
  const figure = /: (\d+)\.\d+/.exec(line)?.[1] ?? '0';
  const ref = /ref ([A-Z]{2}-\d{4})/.exec(line)?.[1] ?? '';
  return r < 0.85
    ? `Summary of the ${topic} (${ref}): roughly ${figure} this quarter.`
    : `Key point from the ${topic}: about ${figure}, up ${between(rng, 2, 9)} on last quarter.`;
}
