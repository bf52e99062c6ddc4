import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalJson, carbPath, schemaIssues, schemaValidator, unreadableReason } from '@carb/io';
import type { SweepSpec } from './types.ts';

/** The record file of a sweep's output folder. */
export const SWEEP_RECORD = 'sweep.json';

/**
 * DIR/sweep.json: what a sweep folder holds, written by every run and shard (the same bytes for
 * all of them): the spec and its hash, the pipeline hash, the carb version and each condition's
 * frozen hash in spec order. `carb sweep merge` reads the spec and the expected files from it.
 */
export interface SweepRecord {
  name: string;
  specHash: string;
  pipelineHash: string;
  carbVersion: string;
  conditions: Array<{ name: string; hash: string }>;
  spec: SweepSpec;
}

/** configs/schema/sweep-record.schema.json, the contract of sweep.json as a resumed sweep and `carb sweep merge` read it. */
export const SWEEP_RECORD_SCHEMA_PATH = carbPath('configs/schema/sweep-record.schema.json');

/** SHA-256 (hex) of the spec's canonical JSON. */
export const specHash = (spec: SweepSpec): string => createHash('sha256').update(canonicalJson(spec), 'utf8').digest('hex');

/** The record of a sweep whose conditions have the frozen hashes `hashes` (spec order). */
export function sweepRecord(spec: SweepSpec, pipelineHash: string, carbVersion: string, hashes: readonly string[]): SweepRecord {
  return {
    name: spec.name,
    specHash: specHash(spec),
    pipelineHash,
    carbVersion,
    conditions: spec.conditions.map((c, i) => ({ name: c.name, hash: hashes[i]! })),
    spec,
  };
}

/** Reads DIR/sweep.json; one line naming the file when it is missing or not a sweep record. */
export function readSweepRecord(dir: string): { file: string; record: SweepRecord; text: string } {
  const file = join(dir, SWEEP_RECORD);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new Error(`${file}: expected the sweep record carb sweep writes into its --out folder, found ${unreadableReason(e)}`);
  }
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch (e) {
    throw new Error(`${file}: expected JSON, found a syntax error (${(e as Error).message})`);
  }
  // the file may hold any JSON value: its shape is checked before any field is read, one line per issue
  const issues = schemaIssues(schemaValidator(SWEEP_RECORD_SCHEMA_PATH), record);
  if (issues.length > 0) throw new Error(issues.map((i) => `${file}: ${i.replace(/^\/: /, '')}`).join('\n'));
  // the schema holds: specHash a string, conditions {name, hash}, spec an object
  const checked = record as SweepRecord;
  if (specHash(checked.spec) !== checked.specHash)
    throw new Error(
      `${file}: spec hash ${checked.specHash.slice(0, 12)} does not match the spec it holds (${specHash(checked.spec).slice(0, 12)}); expected the file as carb sweep wrote it`,
    );
  return { file, record: checked, text };
}
