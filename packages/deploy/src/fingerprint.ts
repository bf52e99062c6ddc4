import { readFileSync } from 'node:fs';
import { canonicalJson, describeValue } from '@carb/io';

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

const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

/** Reads and checks fingerprint.json; one line naming the file and the key otherwise. */
export function readFingerprint(file: string): Fingerprint {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Error(`${file}: expected a calibration fingerprint (JSON), found ${code === 'ENOENT' ? 'no file' : code ?? (e as Error).message}`);
  }
  const bad = (key: string, expected: string, found: unknown): never => {
    throw new Error(`${file}: /${key}: expected ${expected}, found ${describeValue(found)}`);
  };
  const f = raw as Partial<Fingerprint> | null;
  if (f === null || typeof f !== 'object' || f.carbFingerprint !== 1) bad('carbFingerprint', '1 (a carb calibration fingerprint)', f?.carbFingerprint);
  if (!isCount(f!.grid) || f!.grid === 0) bad('grid', 'a positive grid size', f!.grid);
  if (!Array.isArray(f!.steps) || !f!.steps.every(isCount)) bad('steps', 'an array of step counts', f!.steps);
  const n = f!.steps!.length;
  if (f!.by !== null && typeof f!.by !== 'string') bad('by', 'null or a source field', f!.by);
  if (f!.strata !== null && !(Array.isArray(f!.strata) && f!.strata.length === n && f!.strata.every((s) => typeof s === 'string'))) bad('strata', `null or ${n} stratum values`, f!.strata);
  if (f!.runsFrom === null || typeof f!.runsFrom !== 'object') bad('runsFrom', 'an object of method → indices', f!.runsFrom);
  for (const [m, v] of Object.entries(f!.runsFrom!)) {
    if (!Array.isArray(v) || v.length !== n || !v.every((x) => isCount(x) && x <= f!.grid!)) bad(`runsFrom/${m}`, `${n} grid indices in 0 … ${f!.grid}`, v);
  }
  if (f!.tools !== null && (typeof f!.tools !== 'object' || !Object.values(f!.tools!).every(isCount))) bad('tools', 'null or an object of tool → calls', f!.tools);
  return f as Fingerprint;
}
