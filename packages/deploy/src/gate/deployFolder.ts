import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileSha256, unreadableReason } from '@carb/io';
import { readManifestFile, type RecordedManifest } from '../manifestFile.ts';

/**
 * The manifest.json beside a deploy.json, after checking that deploy.json (and pipeline.json
 * beside it, when that is the pipeline the gate runs) are byte for byte what the calibration
 * wrote: the SHA-256 its `outputs` records. Every command that runs a deployed gate (gate,
 * explain, audit) comes through here, so none runs an edited λ or selector; one line naming
 * the file otherwise. The manifest itself is trusted only as far as `expectManifestHash` (the
 * "manifest sha256" the calibration printed) pins it: without the pin, a folder rewritten whole
 * (deploy.json and manifest.json together) is a different calibration, not a detectable edit.
 * `alsoChecked`: further files of the folder the command trusts (apply: fingerprint.json).
 */
export function checkDeployFolder(
  deployFile: string,
  pipelineFile: string | undefined,
  expectManifestHash?: string,
  alsoChecked: readonly string[] = [],
): { manifest: RecordedManifest; manifestFile: string } {
  const dir = dirname(deployFile);
  const manifestFile = join(dir, 'manifest.json');
  if (expectManifestHash !== undefined && existsSync(manifestFile)) {
    const now = fileSha256(manifestFile);
    if (now !== expectManifestHash)
      throw new Error(
        `${manifestFile}: expected sha256 ${expectManifestHash} (--expect-manifest-hash), found ${now} (refusing to gate with it)`,
      );
  }
  const manifest = readManifestFile(manifestFile, 'the manifest.json of the calibration beside deploy.json');
  const folderPipeline = join(dir, 'pipeline.json');
  // without a pipeline.json beside it (and no --pipeline) deployPipeline says what is missing
  const runsFolderPipeline = pipelineFile === undefined ? existsSync(folderPipeline) : resolve(pipelineFile) === resolve(folderPipeline);
  const checked = [deployFile, ...(runsFolderPipeline ? [folderPipeline] : []), ...alsoChecked];
  for (const file of checked) {
    const recorded = manifest.outputs?.[basename(file)];
    if (typeof recorded !== 'string')
      throw new Error(`${file}: expected a file ${manifestFile} lists in its outputs, found it unlisted (refusing to gate with it)`);
    let now: string;
    try {
      now = fileSha256(file);
    } catch (e) {
      throw new Error(`${file}: expected the ${basename(file)} a calibration writes beside manifest.json, found ${unreadableReason(e)}`);
    }
    if (now !== recorded)
      throw new Error(
        `${file}: expected sha256 ${recorded} (${manifestFile} outputs), found ${now}: changed after the calibration wrote it (refusing to gate with it)`,
      );
  }
  return { manifest, manifestFile };
}
