import { readFileSync } from 'node:fs';

/** What carb reads back from a report's manifest.json: the run's pipeline hash, component hashes and strata. */
export interface RecordedManifest {
  pipelineHash: string;
  components: Record<string, string>;
  strata?: Record<string, { pipelineHash?: unknown }>;
  /** Output file (relative to the manifest's folder) → SHA-256, as writeReport records them. */
  outputs?: Record<string, string>;
}

/**
 * A recorded manifest.json (`--expect-manifest`, the manifest beside a deploy.json), checked for
 * the keys carb reads; one line naming the file and what was expected otherwise. `role` says
 * which manifest was expected (e.g. "the manifest.json of the calibration beside deploy.json").
 */
export function readManifestFile(file: string, role = 'a readable carb manifest.json'): RecordedManifest {
  let m: unknown;
  try {
    m = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Error(`${file}: expected ${role}, found ${code === 'ENOENT' ? 'no file' : code ?? (e as Error).message}`);
  }
  // parsed JSON: every field may hold anything until checked
  const o = m as { [K in keyof RecordedManifest]?: unknown } | null;
  if (o === null || typeof o !== 'object' || typeof o.pipelineHash !== 'string' || o.components === null || typeof o.components !== 'object') {
    throw new Error(`${file}: expected a carb manifest with pipelineHash and components, found neither`);
  }
  if (o.strata !== undefined && (o.strata === null || typeof o.strata !== 'object')) throw new Error(`${file}: /strata: expected an object of { pipelineHash, episodes } by stratum, found ${JSON.stringify(o.strata)}`);
  if (o.outputs !== undefined && (o.outputs === null || typeof o.outputs !== 'object' || Array.isArray(o.outputs))) throw new Error(`${file}: /outputs: expected an object of file → sha256, found ${JSON.stringify(o.outputs)}`);
  return o as RecordedManifest;
}
