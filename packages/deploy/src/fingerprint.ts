import { readFileSync } from 'node:fs';
import { canonicalJson, carbPath, describeValue, schemaIssues, schemaValidator, unreadableReason } from '@carb/io';

/**
 * A calibration's content-free fingerprint (fingerprint.json beside deploy.json): per eligible
 * episode, in corpus order, its logged run length and, per method, its first-stop index
 * (runsFrom: the smallest grid index at which the gate lets it run to its end; at every grid
 * index below it, the gate stops it); the tool vocabulary with call counts. Label-free, so new
 * logs can be compared with it before any of them is labelled.
 */
export interface Fingerprint {
  carbFingerprint: 1;
  /** Grid size G (indices 0 … G − 1; runsFrom = G: never runs to its end). */
  grid: number;
  /** The episode source field the calibration was stratified by (--by), or null. */
  by: string | null;
  /** Per episode: its stratum value (with `by`), else null. */
  strata: string[] | null;
  /** Per episode: logged proposals. */
  steps: number[];
  /** Method → per episode first-stop index. */
  runsFrom: Record<string, number[]>;
  /** Tool → calls in the calibration corpus; null when the corpus was not read (breakpoint inputs). */
  tools: Record<string, number> | null;
}

/** The fingerprint's bytes: canonical JSON (sorted keys), one line. */
export function fingerprintText(f: Fingerprint): string {
  return `${canonicalJson(f)}\n`;
}

/** configs/schema/fingerprint.schema.json, the shape of fingerprint.json. */
export const FINGERPRINT_SCHEMA_PATH = carbPath('configs/schema/fingerprint.schema.json');

/** Reads and checks fingerprint.json; one line per problem, each naming the file and the key. */
export function readFingerprint(file: string): Fingerprint {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`${file}: expected a calibration fingerprint (JSON), found ${unreadableReason(e)}`);
  }
  const issues = schemaIssues(schemaValidator(FINGERPRINT_SCHEMA_PATH), raw);
  if (issues.length > 0) throw new Error(issues.map((i) => `${file}: ${i.replace(/^\/: /, '')}`).join('\n'));
  const f = raw as Fingerprint;
  // what a schema cannot say: one entry per episode, indices within the grid
  const n = f.steps.length;
  const bad = (key: string, expected: string, found: unknown): never => {
    throw new Error(`${file}: /${key}: expected ${expected}, found ${describeValue(found)}`);
  };
  if (f.strata !== null && f.strata.length !== n) bad('strata', `null or ${n} stratum values`, f.strata);
  for (const [m, v] of Object.entries(f.runsFrom)) {
    if (v.length !== n || !v.every((x) => x <= f.grid)) bad(`runsFrom/${m}`, `${n} grid indices in 0 … ${f.grid}`, v);
  }
  return f;
}
