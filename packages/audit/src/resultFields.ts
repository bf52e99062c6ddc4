/** The `key: value` lines of a visible tool result (the structured part the suites' tools print), first occurrence per key. */
export function resultFields(result: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of result.split('\n')) {
    const m = /^\s*([A-Za-z_][\w-]*):\s*(.*?)\s*$/.exec(line);
    if (m && !out.has(m[1]!)) out.set(m[1]!, m[2]!);
  }
  return out;
}
