import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { componentHashes, loadPipeline, pipelineComponents, type Pipeline, type PipelineComponent } from '@carb/pipeline';
import type { IndexedRow } from './readDeploy.ts';

/** Components a deployed threshold depends on; the selector is the row's method's, splits and corpus are calibration's own. */
export const DEPLOY_COMPONENTS: readonly PipelineComponent[] = ['ledger', 'toolTyping', 'graph', 'scorer', 'sanitizer', 'grid'];

interface DeployManifest {
  pipelineHash: string;
  components: Record<string, string>;
  strata?: Record<string, { pipelineHash?: unknown }>;
}

/**
 * The pipeline a deploy row was calibrated with: `pipelineFile` (default pipeline.json beside
 * deploy.json), refused when one of its DEPLOY_COMPONENTS hashes differs from manifest.json
 * beside deploy.json, or when the row's pipelineHash is neither the manifest's nor one of its strata's.
 */
export function deployPipeline(deployFile: string, pipelineFile: string | undefined, picked: IndexedRow): Pipeline {
  const dir = dirname(deployFile);
  const file = pipelineFile ?? join(dir, 'pipeline.json');
  const manifestFile = join(dir, 'manifest.json');
  const manifest = readManifest(manifestFile);
  if (pipelineFile === undefined && !existsSync(file)) throw new Error(`${file}: expected the pipeline.json a calibration writes beside deploy.json (or a pipeline named with --pipeline), found no file`);
  const pipeline = loadPipeline(file);
  const now = componentHashes(pipelineComponents(pipeline, { splitProtocol: {}, corpusDigest: '', carbVersion: '' }));
  const differing = DEPLOY_COMPONENTS.filter((k) => manifest.components[k] !== now[k]);
  if (differing.length > 0) {
    throw new Error(`${file}: expected the pipeline ${manifestFile} was calibrated with, found different ${differing.join(', ')} (refusing to gate with it)`);
  }
  const { row, index } = picked;
  const hashes = [manifest.pipelineHash, ...Object.values(manifest.strata ?? {}).map((s) => s.pipelineHash)];
  if (!hashes.includes(row.pipelineHash)) {
    throw new Error(`${deployFile}: row ${index}: /pipelineHash: expected the pipelineHash of ${manifestFile} or of one of its strata, found ${row.pipelineHash}`);
  }
  return pipeline;
}

function readManifest(file: string): DeployManifest {
  let m: unknown;
  try {
    m = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Error(`${file}: expected the manifest.json of the calibration beside deploy.json, found ${code === 'ENOENT' ? 'no file' : code ?? (e as Error).message}`);
  }
  const o = m as Partial<DeployManifest> | null;
  if (o === null || typeof o !== 'object' || typeof o.pipelineHash !== 'string' || o.components === null || typeof o.components !== 'object') {
    throw new Error(`${file}: expected a carb manifest with pipelineHash and components, found neither`);
  }
  if (o.strata !== undefined && (o.strata === null || typeof o.strata !== 'object')) throw new Error(`${file}: /strata: expected an object of { pipelineHash, episodes } by stratum, found ${JSON.stringify(o.strata)}`);
  return o as DeployManifest;
}
