import { createHash } from 'node:crypto';
import { canonicalJson, printableLines } from '@carb/io';
import { CONFIG_COMPONENTS, configComponentHashes, type ConfigComponent } from './hash.ts';
import type { Pipeline } from './types.ts';

export interface PipelineCheck {
  /** The normalized config: canonical JSON with the tool typing resolved. */
  config: string;
  /** SHA-256 of `config`. */
  configHash: string;
  /** Per-component hashes, computed as a report manifest computes its `components`. */
  components: Record<ConfigComponent, string>;
}

/** Normalized form and hashes of a loaded pipeline. */
export function checkPipeline(pipeline: Pipeline): PipelineCheck {
  const config = canonicalJson(pipeline);
  const components = configComponentHashes(pipeline);
  return { config, configHash: createHash('sha256').update(config, 'utf8').digest('hex'), components };
}

/** The text `carb pipeline check` prints: the normalized config, its SHA-256, then each component's hash. */
export function pipelineCheckText(result: PipelineCheck): string {
  const width = Math.max(...CONFIG_COMPONENTS.map((k) => k.length));
  return (
    `${printableLines(result.config)}\n` +
    `config sha256 ${result.configHash}\n` +
    `components (as in a report manifest's "components"; splits, corpus and version are pinned by each run):\n` +
    CONFIG_COMPONENTS.map((k) => `  ${k.padEnd(width)}  ${result.components[k]}\n`).join('')
  );
}
