/** Calls to tools the calibration never saw. */
export interface UnseenTools {
  calls: number;
  unseen: number;
  /** unseen / calls; null when there are no calls. */
  share: number | null;
  /** The unseen tools with their call counts, most called first (then by name). */
  tools: Array<[string, number]>;
}

/**
 * The share of `calls` (tool name → count in the new logs) to tools absent from the
 * calibration's vocabulary: a gate's features are typed per tool, so calls it was never
 * calibrated on are scored by defaults the calibration did not exercise.
 */
export function unseenTools(
  vocabulary: ReadonlyMap<string, number> | Readonly<Record<string, number>>,
  calls: ReadonlyMap<string, number>,
): UnseenTools {
  const known = vocabulary instanceof Map ? (t: string) => vocabulary.has(t) : (t: string) => Object.hasOwn(vocabulary, t);
  let total = 0;
  let unseen = 0;
  const tools: Array<[string, number]> = [];
  for (const [tool, count] of calls) {
    total += count;
    if (known(tool)) continue;
    unseen += count;
    tools.push([tool, count]);
  }
  tools.sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
  return { calls: total, unseen, share: total === 0 ? null : unseen / total, tools };
}
