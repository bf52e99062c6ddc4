/** Refuses a per-item file that misses items or names unknown / repeated ones (nothing is silently defaulted). */
export function checkCoverage(
  file: string,
  what: string,
  seen: ReadonlyArray<{ line: number; id: string }>,
  ids: readonly string[],
): string[] {
  const known = new Set(ids);
  const problems: string[] = [];
  const first = new Map<string, number>();
  for (const { line, id } of seen) {
    if (!known.has(id)) problems.push(`${file}: line ${line}: /task_id: expected an item of the audit file, found ${JSON.stringify(id)}`);
    else if (first.has(id))
      problems.push(
        `${file}: line ${line}: /task_id: expected one ${what} per item, found ${JSON.stringify(id)} again (first on line ${first.get(id)!})`,
      );
    else first.set(id, line);
  }
  const missing = ids.filter((id) => !first.has(id));
  if (missing.length)
    problems.push(
      `${file}: expected a ${what} for every item, found none for ${missing.length} (${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', …' : ''})`,
    );
  return problems;
}
