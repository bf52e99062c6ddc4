import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CONFIG_COMPONENTS, configComponentHashes, loadPipeline, type ConfigComponent, type Pipeline } from '@carb/pipeline';
import type { RecordedManifest } from '../manifestFile.ts';
import type { IndexedRow } from './readDeploy.ts';

/**
 * Components a deployed threshold depends on: every component a pipeline config fixes, the
 * selector's window and seed included (the row's method names only the selector's kind).
 */
export const DEPLOY_COMPONENTS: readonly ConfigComponent[] = CONFIG_COMPONENTS;

/**
 * The pipeline a deploy row was calibrated with: `pipelineFile` (default pipeline.json beside
 * deploy.json), refused when one of its DEPLOY_COMPONENTS hashes differs from `manifest` (the
 * manifest.json beside deploy.json, checkDeployFolder), or when the row's pipelineHash is
 * neither the manifest's nor one of its strata's.
 */
export function deployPipeline(
  deployFile: string,
  pipelineFile: string | undefined,
  picked: IndexedRow,
  manifest: RecordedManifest,
): Pipeline {
  const dir = dirname(deployFile);
  const file = pipelineFile ?? join(dir, 'pipeline.json');
  const manifestFile = join(dir, 'manifest.json');
  if (pipelineFile === undefined && !existsSync(file))
    throw new Error(
      `${file}: expected the pipeline.json a calibration writes beside deploy.json (or a pipeline named with --pipeline), found no file`,
    );
  const pipeline = loadPipeline(file);
  const now = configComponentHashes(pipeline);
  const differing = DEPLOY_COMPONENTS.filter((k) => manifest.components[k] !== now[k]);
  if (differing.length > 0) {
    throw new Error(
      `${file}: expected the pipeline ${manifestFile} was calibrated with, found different ${differing.join(', ')} (refusing to gate with it)`,
    );
  }
  const { row, index } = picked;
  const hashes = [manifest.pipelineHash, ...Object.values(manifest.strata ?? {}).map((s) => s.pipelineHash)];
  if (!hashes.includes(row.pipelineHash)) {
    throw new Error(
      `${deployFile}: row ${index}: /pipelineHash: expected the pipelineHash of ${manifestFile} or of one of its strata, found ${row.pipelineHash}`,
    );
  }
  return pipeline;
}
