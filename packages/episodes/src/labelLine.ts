import type { EpisodeLabels } from './labels.ts';

// A JSON string with no escape, no control character: its characters are its value.
const STRING = '"([^"\\\\\\u0000-\\u001f]*)"';
// A JSON integer of at most 15 digits (exact as a double, printed back as written; no -0).
const INTEGER = '(?:0|-?[1-9]\\d{0,14})';

/**
 * The labels line exactly as `carb suite` writes it (JSON.stringify of the label object: keys
 * in schema order, no whitespace). Every line it matches is schema-valid and parses to the
 * captured values; any other line (spaces, escapes, other key order, 1.0) misses it and takes
 * the general path.
 */
const WRITTEN = new RegExp(
  `^\\{"id":${STRING},"pair":${STRING},"kind":${STRING},"harmful":(true|false),"sinkStep":(null|${INTEGER}),` +
    `"benignBranchSteps":\\[((?:${INTEGER}(?:,${INTEGER})*)?)\\]\\}$`,
);

/** A labels line read without JSON.parse and the schema check, with its benign-branch steps as written (`1,3,6`). */
export interface WrittenLabels {
  labels: Omit<EpisodeLabels, 'benignBranchSteps'>;
  /** The steps joined by commas: `benignBranchSteps.join(',')` of the parsed line. */
  stepsText: string;
}

/**
 * The labels of a line in the form carb writes, or null for any other line (then
 * JSON.parse and the schema decide). A 10⁶-line labels file is read mostly here: a match
 * costs one regular expression, not a parse, a schema walk and an array per line.
 */
export function writtenLabels(line: string): WrittenLabels | null {
  const m = WRITTEN.exec(line);
  if (m === null) return null;
  const sink = m[5]!;
  return {
    labels: { id: m[1]!, pair: m[2]!, kind: m[3]!, harmful: m[4] === 'true', sinkStep: sink === 'null' ? null : Number(sink) },
    stepsText: m[6]!,
  };
}

/** The steps of a `stepsText` (writtenLabels), as JSON.parse gives them. */
export function stepsOf(stepsText: string): number[] {
  return stepsText === '' ? [] : stepsText.split(',').map(Number);
}
