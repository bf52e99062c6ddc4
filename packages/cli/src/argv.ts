// The argv of the running command, recorded in manifests so `carb verify` can re-run it.
// The --out option is left out: where a report is written is not part of what it computes,
// and verify re-runs into a directory of its own.
let current: string[] = [];

export function setInvocation(argv: readonly string[]): void {
  current = withoutOut(argv);
}

export function invocation(): string[] {
  return [...current];
}

/** argv without its --out option. */
export function withoutOut(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out') { i++; continue; }
    if (argv[i]!.startsWith('--out=')) continue;
    out.push(argv[i]!);
  }
  return out;
}
