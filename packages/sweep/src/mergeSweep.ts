import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONDITIONS_DIR, conditionFile, jsonText, storedFiles, writeUnlessSame } from './store.ts';
import { SWEEP_RECORD, readSweepRecord, type SweepRecord } from './sweepRecord.ts';
import { parseConditionResult } from './conditionResult.ts';
import type { ConditionResult } from './types.ts';
import { writeAggregates } from './writeAggregates.ts';

/** What a merge wrote. */
export interface SweepMerge {
  record: SweepRecord;
  conditions: number;
  aggregates: string[];
}

/**
 * Joins the folders of a sharded sweep (`carb sweep --shard i/N --out DIR_i`) into `out`: every
 * condition file and sweep.json, then the tables, CSV, figures and index.html — the same bytes
 * as one unsharded run. Refuses, one line naming the file, before writing anything: a folder
 * without sweep.json, folders of different specs (or pipelines, carb versions), a condition file
 * that is not one of the spec's conditions (stale or foreign), one that is not a condition result
 * (configs/schema/condition-result.schema.json) or not the condition its name says, two different
 * files for one condition, and a missing condition.
 */
export function mergeSweep(dirs: readonly string[], out: string): SweepMerge {
  if (dirs.length === 0) throw new Error('sweep merge: expected at least one sweep folder, found none');
  const records = dirs.map((d) => readSweepRecord(d));
  const first = records[0]!;
  for (const r of records.slice(1)) {
    const a = r.record;
    const b = first.record;
    if (a.specHash !== b.specHash)
      throw new Error(
        `${r.file}: sweep ${a.name} with spec hash ${a.specHash.slice(0, 12)}; expected the spec of ${first.file} (sweep ${b.name}, ${b.specHash.slice(0, 12)})`,
      );
    if (r.text !== first.text) {
      const what =
        a.pipelineHash !== b.pipelineHash
          ? `pipeline hash ${a.pipelineHash.slice(0, 12)} vs ${b.pipelineHash.slice(0, 12)}`
          : a.carbVersion !== b.carbVersion
            ? `carb version ${a.carbVersion} vs ${b.carbVersion}`
            : 'condition hashes';
      throw new Error(`${r.file}: ${what} in ${first.file}; expected the shards of one sweep`);
    }
  }
  const record = first.record;
  const expected = new Map(record.conditions.map((c) => [`${c.hash}.json`, c]));
  const found = new Map<string, { file: string; text: string }>();
  for (const dir of dirs) {
    for (const name of storedFiles(dir)) {
      const file = join(dir, CONDITIONS_DIR, name);
      const c = expected.get(name);
      if (!c)
        throw new Error(
          `${file}: not a condition of sweep ${record.name} as recorded in ${join(dir, SWEEP_RECORD)} (a stale or foreign result: another spec, pipeline or carb version); expected only its ${record.conditions.length} condition files`,
        );
      const text = readFileSync(file, 'utf8');
      // checked whole here, before anything is written: a result the tables cannot read is refused, not merged
      parseConditionResult(file, text, c);
      const seen = found.get(c.hash);
      if (seen && seen.text !== text)
        throw new Error(`${file}: differs from ${seen.file}, the same condition (${c.name}); expected identical results`);
      found.set(c.hash, { file, text });
    }
  }
  const missing = record.conditions.filter((c) => !found.has(c.hash));
  if (missing.length) {
    const shown = missing
      .slice(0, 5)
      .map((c) => `${c.name} (${c.hash.slice(0, 12)})`)
      .join(', ');
    throw new Error(
      `sweep ${record.name}: ${missing.length} of ${record.conditions.length} conditions missing from ${dirs.join(', ')}: ${shown}${missing.length > 5 ? ', …' : ''}; expected every condition (run the shards that hold them)`,
    );
  }
  const results = record.conditions.map((c) => JSON.parse(found.get(c.hash)!.text) as ConditionResult);
  for (const r of results) writeUnlessSame(conditionFile(out, r.hash), jsonText(r));
  writeUnlessSame(join(out, SWEEP_RECORD), jsonText(record));
  return { record, conditions: results.length, aggregates: writeAggregates(out, record, results) };
}
