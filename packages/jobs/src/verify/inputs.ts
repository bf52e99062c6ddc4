import { fileSha256, unreadableReason } from '@carb/io';

/**
 * One line per input file a manifest records (`inputs`: path as given → SHA-256 of its bytes)
 * whose bytes differ now, or that cannot be read: checked before anything is re-run, so the
 * changed input is named rather than showing up as differing outputs.
 */
export function inputProblems(manifestFile: string, inputs: unknown): string[] {
  if (inputs === undefined) return [];
  if (inputs === null || typeof inputs !== 'object' || Array.isArray(inputs))
    return [`${manifestFile}: inputs: expected an object of file → sha256, found ${JSON.stringify(inputs)}`];
  const problems: string[] = [];
  for (const [file, recorded] of Object.entries(inputs as Record<string, unknown>)) {
    let now: string;
    try {
      now = fileSha256(file);
    } catch (e) {
      problems.push(`${file}: expected the input ${manifestFile} records, found ${unreadableReason(e)}`);
      continue;
    }
    if (now !== recorded)
      problems.push(
        `${file}: expected sha256 ${String(recorded)} (an input ${manifestFile} records), found ${now}: the input changed since the report`,
      );
  }
  return problems;
}
