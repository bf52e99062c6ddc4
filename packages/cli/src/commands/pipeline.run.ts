import { createHash } from 'node:crypto';
import { canonicalJson, componentHashes, loadPipeline, pipelineComponents, type Pipeline, type PipelineComponent } from '@carb/pipeline';
import { CARB_VERSION } from './version.ts';
import type { CheckArgs } from './pipeline.ts';

/** Components a pipeline config fixes on its own; splits, corpus and version are pinned by each run. */
export const CONFIG_COMPONENTS = ['ledger', 'toolTyping', 'graph', 'selector', 'scorer', 'sanitizer', 'grid'] as const satisfies readonly PipelineComponent[];

export interface PipelineCheck {
  /** The normalized config: canonical JSON with the tool typing resolved. */
  config: string;
  /** SHA-256 of `config`. */
  configHash: string;
  /** Per-component hashes, computed as a report manifest computes its `components`. */
  components: Record<(typeof CONFIG_COMPONENTS)[number], string>;
}

/** Normalized form and hashes of a loaded pipeline. */
export function checkPipeline(pipeline: Pipeline): PipelineCheck {
  const config = canonicalJson(pipeline);
  // the run-only extras do not enter the config components' hashes
  const all = componentHashes(pipelineComponents(pipeline, { splitProtocol: pipeline.splits, corpusDigest: '', carbVersion: CARB_VERSION }));
  const components = {} as PipelineCheck['components'];
  for (const k of CONFIG_COMPONENTS) components[k] = all[k];
  return { config, configHash: createHash('sha256').update(config, 'utf8').digest('hex'), components };
}

/** `carb pipeline check`, once its options have passed. */
export function run(args: CheckArgs): void {
  const result = checkPipeline(loadPipeline(args.file));
  if (args.json) {
    process.stdout.write(`${JSON.stringify({ ...result, config: JSON.parse(result.config) as unknown }, null, 2)}\n`);
    return;
  }
  const width = Math.max(...CONFIG_COMPONENTS.map((k) => k.length));
  process.stdout.write(
    `${result.config}\n` +
      `config sha256 ${result.configHash}\n` +
      `components (as in a report manifest's "components"; splits, corpus and version are pinned by each run):\n` +
      CONFIG_COMPONENTS.map((k) => `  ${k.padEnd(width)}  ${result.components[k]}\n`).join(''),
  );
}
