import { componentHashes, pipelineComponents, pipelineHash, type PinExtras, type Pipeline } from '@carb/pipeline';

/** manifest.json of one calibration run (issue 5 item 6). */
export interface Manifest {
  carbVersion: string;
  pipelineHash: string;
  /** Component name → SHA-256 of its canonical JSON. */
  components: Record<string, string>;
  /** Corpus description; `digest` is the content digest that enters the pipeline hash. */
  corpus: { digest: string } & Record<string, unknown>;
  /** The argv that re-runs this report (`carb verify` replays it). */
  command: { argv: string[] };
  /** With `--by`: each stratum's own pipeline hash (its corpus digest differs), episodes and digest. */
  strata?: Record<string, { pipelineHash: string; episodes: number; digest: string }>;
  /**
   * Input files whose bytes decide the outputs beyond the corpus digest (replay shards,
   * --ledger-events, --scores): path as given → SHA-256. `carb verify` checks them before re-running.
   */
  inputs?: Record<string, string>;
  /** Output file (relative to the report directory) → SHA-256; filled by writeReport. */
  outputs: Record<string, string>;
}

/** A manifest before its outputs are known. */
export type ManifestInput = Omit<Manifest, 'outputs'>;

/** Pins a pipeline: hashes every frozen component and the whole. */
export function makeManifest(
  pipeline: Pipeline,
  extras: PinExtras,
  corpus: Record<string, unknown>,
  argv: readonly string[],
): ManifestInput {
  const components = pipelineComponents(pipeline, extras);
  return {
    carbVersion: extras.carbVersion,
    pipelineHash: pipelineHash(components),
    components: componentHashes(components),
    corpus: { ...corpus, digest: extras.corpusDigest },
    command: { argv: [...argv] },
  };
}
