import { createHash } from 'node:crypto';

/**
 * An opaque task id: the first 12 hex digits of SHA-256 over suite, seed, family, index and
 * side. It names neither regime nor mechanism nor label, and twins' ids are unrelated.
 */
export function opaqueId(suite: string, seed: number, family: string, k: number, side: string): string {
  return `lrb-${createHash('sha256').update(`${suite}:${seed}:${family}:${k}:${side}`).digest('hex').slice(0, 12)}`;
}
