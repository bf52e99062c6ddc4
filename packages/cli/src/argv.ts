// The argv of the running command, recorded in manifests so `carb verify` can re-run it.
// --out and --workers are left out: where a report is written and how many threads replay it
// are not part of what it computes (the tables are identical for any worker count), and
// verify re-runs into a directory of its own.
let current: string[] = [];

export function setInvocation(argv: readonly string[]): void {
  current = withoutOut(argv);
}

export function invocation(): string[] {
  return [...current];
}

const NOT_RECORDED = ['--out', '--workers'];

/** argv without its --out and --workers options. */
export function withoutOut(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (NOT_RECORDED.includes(a)) {
      i++;
      continue;
    }
    if (NOT_RECORDED.some((f) => a.startsWith(`${f}=`))) continue;
    out.push(a);
  }
  return out;
}
