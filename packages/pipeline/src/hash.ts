import { createHash } from 'node:crypto';
import { canonicalJson } from '@carb/io';
import type { LedgerConfig, Pipeline, SplitProtocol } from './types.ts';

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Components of the pinned pipeline, in manifest order. */
export const PIPELINE_COMPONENTS = [
  'ledger',
  'toolTyping',
  'graph',
  'selector',
  'scorer',
  'sanitizer',
  'grid',
  'splits',
  'corpus',
  'version',
] as const;
export type PipelineComponent = (typeof PIPELINE_COMPONENTS)[number];
export type PipelineComponents = Record<PipelineComponent, unknown>;

/** What a run adds to the frozen config to pin it. */
export interface PinExtras {
  /** Split protocol as run (rng, base seed, count, and whatever fixes fold sizes or grouping). */
  splitProtocol: SplitProtocol | Readonly<Record<string, unknown>>;
  /** corpusDigest (@carb/episodes) of the calibrated episodes. */
  corpusDigest: string;
  carbVersion: string;
  /** Equal-size random selector seeds of a seed check (`--selector-seeds`). */
  selectorSeeds?: readonly number[];
}

/**
 * The ledger as pinned: a latent-policy guard spec by its content (guardsSha256), not its
 * path; the run's ledger source (events file digest and mode) is part of it when set.
 */
function ledgerComponent(
  ledger: LedgerConfig,
): LedgerConfig | (Omit<LedgerConfig, 'latentPolicy'> & { latentPolicy: { guardsSha256: string | null } }) {
  if (!ledger.latentPolicy) return ledger;
  return { ...ledger, latentPolicy: { guardsSha256: ledger.latentPolicy.guardsSha256 ?? null } };
}

/**
 * Every frozen component of a run. The pipeline's `name` is left out: renaming a
 * config does not change what it computes.
 */
export function pipelineComponents(pipeline: Pipeline, extras: PinExtras): PipelineComponents {
  return {
    ledger: ledgerComponent(pipeline.ledger),
    toolTyping: pipeline.toolTyping,
    graph: pipeline.graph,
    selector: pipeline.selector,
    scorer: pipeline.scorer,
    sanitizer: pipeline.sanitizer,
    grid: pipeline.grid,
    splits: extras.selectorSeeds ? { ...extras.splitProtocol, selectorSeeds: [...extras.selectorSeeds] } : extras.splitProtocol,
    corpus: extras.corpusDigest,
    version: extras.carbVersion,
  };
}

/** The components a pipeline config fixes by itself (the split protocol, corpus and version come with a run). */
export const CONFIG_COMPONENTS = [
  'ledger',
  'toolTyping',
  'graph',
  'selector',
  'scorer',
  'sanitizer',
  'grid',
] as const satisfies readonly PipelineComponent[];
export type ConfigComponent = (typeof CONFIG_COMPONENTS)[number];

/** SHA-256 of each config component, as a run's manifest records them (shards, deploy folders and `carb pipeline check` compare these). */
export function configComponentHashes(pipeline: Pipeline): Record<ConfigComponent, string> {
  const all = componentHashes(pipelineComponents(pipeline, { splitProtocol: {}, corpusDigest: '', carbVersion: '' }));
  const out = {} as Record<ConfigComponent, string>;
  for (const k of CONFIG_COMPONENTS) out[k] = all[k];
  return out;
}

/** SHA-256 (hex) of each component's canonical JSON. */
export function componentHashes(components: PipelineComponents): Record<PipelineComponent, string> {
  const out = {} as Record<PipelineComponent, string>;
  for (const k of PIPELINE_COMPONENTS) out[k] = sha256(canonicalJson(components[k]));
  return out;
}

/** The pipeline hash: SHA-256 of the canonical JSON of the whole components object. */
export function pipelineHash(components: PipelineComponents): string {
  return sha256(canonicalJson(components));
}

/**
 * Components whose hash differs between a recorded manifest and a run (names present
 * on one side only count as differing), in manifest order; [] when they agree.
 */
export function diffComponents(expected: { components: Readonly<Record<string, string>> }, actual: PipelineComponents): string[] {
  const now = componentHashes(actual) as Record<string, string>;
  const names = [...(PIPELINE_COMPONENTS as readonly string[])];
  for (const k of Object.keys(expected.components)) if (!names.includes(k)) names.push(k);
  return names.filter((k) => expected.components[k] !== now[k]);
}
