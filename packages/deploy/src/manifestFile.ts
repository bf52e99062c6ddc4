import { readFileSync } from 'node:fs';
import { carbPath, schemaIssues, schemaValidator, unreadableReason } from '@carb/io';

/** configs/schema/manifest.schema.json, the keys carb reads back from a manifest.json. */
const MANIFEST_SCHEMA_PATH = carbPath('configs/schema/manifest.schema.json');

/**
 * One line per way `manifest` (parsed from `file`) breaks configs/schema/manifest.schema.json:
 * the keys carb reads back typed, none required (each reader says which it needs). Empty when fine.
 */
export function manifestProblems(file: string, manifest: unknown): string[] {
  return schemaIssues(schemaValidator(MANIFEST_SCHEMA_PATH), manifest).map((i) => `${file}: ${i.replace(/^\/: /, '')}`);
}

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
 * the keys carb reads (configs/schema/manifest.schema.json); one line per problem otherwise, each
 * naming the file and what was expected. `role` says which manifest was expected (e.g. "the
 * manifest.json of the calibration beside deploy.json").
 */
export function readManifestFile(file: string, role = 'a readable carb manifest.json'): RecordedManifest {
  let m: unknown;
  try {
    m = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`${file}: expected ${role}, found ${unreadableReason(e)}`);
  }
  const problems = manifestProblems(file, m);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  const o = m as Partial<RecordedManifest>;
  if (o.pipelineHash === undefined || o.components === undefined) {
    throw new Error(
      `${file}: expected a carb manifest with pipelineHash and components, found ${o.pipelineHash === undefined && o.components === undefined ? 'neither' : `no ${o.pipelineHash === undefined ? 'pipelineHash' : 'components'}`}`,
    );
  }
  return o as RecordedManifest;
}
