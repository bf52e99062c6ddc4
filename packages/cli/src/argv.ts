// The argv of the running command, recorded in manifests so `carb verify` can re-run it.
let current: string[] = [];

export function setInvocation(argv: readonly string[]): void {
  current = [...argv];
}

export function invocation(): string[] {
  return [...current];
}
