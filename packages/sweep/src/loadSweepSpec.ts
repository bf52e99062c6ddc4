import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { parseBudget } from '@carb/calibrate';
import { carbPath, describeValue, readConfigJson, refuseConfig, schemaIssues } from '@carb/io';
import { conditionFolds } from './conditionFolds.ts';
import { conditionParams } from './conditionParams.ts';
import { sweepValidator } from './sweepSchema.ts';
import type { ConditionSpec, SweepSpec } from './types.ts';

/** Pipeline config a spec uses when it names none (relative to the project root). */
export const DEFAULT_SWEEP_PIPELINE = 'configs/pipelines/default.json';

/** A condition as the file states it: seed and params may be left out (0 and the generator defaults). */
type RawCondition = Omit<ConditionSpec, 'seed' | 'params'> & { seed?: number; params?: ConditionSpec['params'] };
type RawSpec = Omit<SweepSpec, 'name' | 'conditions'> & { conditions: RawCondition[]; $schema?: string; _comment?: unknown };

/** Rules JSON Schema cannot state: unique names, calibrateOn, parameter ranges, α, mode-specific keys. */
function semanticIssues(spec: RawSpec): string[] {
  const issues: string[] = [];
  try {
    parseBudget(spec.alpha);
  } catch (e) {
    issues.push(`/alpha: ${(e as Error).message.replace(/^alpha "[^"]*": /, '')}, found ${describeValue(spec.alpha)}`);
  }
  if (!spec.methods.includes(spec.primary))
    issues.push(`/primary: expected one of the spec's methods (${spec.methods.join(', ')}), found ${describeValue(spec.primary)}`);
  const firstAt = new Map<string, number>();
  spec.conditions.forEach((c, i) => {
    const at = `/conditions/${i}`;
    const seen = firstAt.get(c.name);
    if (seen !== undefined)
      issues.push(`${at}/name: expected a name unique within the spec, found ${describeValue(c.name)} (also /conditions/${seen}/name)`);
    else firstAt.set(c.name, i);
    if (c.suite === 'ces' && c.cohort === undefined)
      issues.push(`${at}/cohort: expected "clean" or "near-miss" for suite ces, found nothing`);
    if (c.suite !== 'ces' && c.cohort !== undefined)
      issues.push(`${at}/cohort: expected no cohort for suite ${c.suite} (CES only), found ${describeValue(c.cohort)}`);
    const bad = paramIssues(`${at}/params`, c.params ?? {});
    issues.push(...bad);
    if (!bad.length) {
      // folds keep 3/10 of the units each below the paper's size: too few units leave them empty
      const folds = conditionFolds(c, conditionParams(c.params ?? {}));
      if (folds.nCal < 1)
        issues.push(
          `${at}/params/${c.suite === 'ces' ? 'families' : 'trajectories'}: expected enough ${c.suite === 'ces' ? 'families' : 'trajectories'} for calibration and test folds of at least one unit each (≥ 4), found ${c.suite === 'ces' ? conditionParams(c.params ?? {}).families : conditionParams(c.params ?? {}).trajectories}`,
        );
    }
  });
  if (spec.ledgerTwin) issues.push(...paramIssues('/ledgerTwin', spec.ledgerTwin));
  if (spec.mode === 'fixed-threshold') {
    if (spec.calibrateOn === undefined)
      issues.push('/calibrateOn: expected the name of the condition whose calibration folds pick λ̂ (mode fixed-threshold), found nothing');
    else if (!firstAt.has(spec.calibrateOn))
      issues.push(
        `/calibrateOn: expected the name of a condition (${[...firstAt.keys()].join(', ')}), found ${describeValue(spec.calibrateOn)}`,
      );
    else issues.push(...sameEpisodeIssues(spec, firstAt.get(spec.calibrateOn)!));
  } else {
    if (spec.calibrateOn !== undefined)
      issues.push(
        `/calibrateOn: expected no calibrateOn in mode recalibrate (each condition calibrates itself), found ${describeValue(spec.calibrateOn)}`,
      );
    if (spec.ledgerTwin !== undefined)
      issues.push('/ledgerTwin: expected no ledgerTwin in mode recalibrate (fixed-threshold only), found an object');
  }
  if (spec.pipeline !== undefined && !existsSync(carbPath(spec.pipeline)))
    issues.push(`/pipeline: expected a pipeline config relative to the project root, found ${describeValue(spec.pipeline)} (no file)`);
  return issues;
}

function paramIssues(at: string, params: object): string[] {
  try {
    conditionParams(params);
    return [];
  } catch (e) {
    const message = (e as Error).message;
    const key = message.slice(0, message.indexOf(':'));
    return [`${at}/${key}${message.slice(key.length)}, found ${describeValue((params as Record<string, unknown>)[key])}`];
  }
}

/**
 * fixed-threshold: every condition's episodes must be the calibrateOn condition's (same ids in the
 * same order), so that one assignment's calibration fold there and test fold here are one split.
 */
function sameEpisodeIssues(spec: RawSpec, ref: number): string[] {
  const base = spec.conditions[ref]!;
  const size = (c: RawCondition) => {
    const p = conditionParams(c.params ?? {});
    return c.suite === 'ces' ? p.families : p.trajectories;
  };
  const issues: string[] = [];
  spec.conditions.forEach((c, i) => {
    if (c.suite !== base.suite || c.cohort !== base.cohort || size(c) !== size(base)) {
      issues.push(
        `/conditions/${i}: expected the episodes of calibrateOn ${JSON.stringify(base.name)} (suite ${base.suite}${base.cohort ? ` ${base.cohort}` : ''}, size ${size(base)}), found suite ${c.suite}${c.cohort ? ` ${c.cohort}` : ''}, size ${size(c)}`,
      );
    }
  });
  return issues;
}

/**
 * Reads and validates a sweep spec (configs/schema/sweep.schema.json plus the semantic rules:
 * unique condition names, calibrateOn names a condition, parameter ranges of @carb/suites,
 * methods and α that calibrate can use). Defaults are filled in: name = file stem, pipeline =
 * configs/pipelines/default.json, seed = 0, params = {}. Throws one line per problem, each
 * `<file>: <pointer>: expected …, found …`.
 */
export function loadSweepSpec(file: string): SweepSpec {
  const raw = readConfigJson(file);
  const issues = schemaIssues(sweepValidator(), raw);
  if (issues.length) refuseConfig(file, issues);
  const spec = raw as RawSpec;
  const more = semanticIssues(spec);
  if (more.length) refuseConfig(file, more);
  const { $schema: _schema, _comment: _note, ...rest } = spec;
  return {
    name: basename(file).replace(/\.json$/, ''),
    ...rest,
    pipeline: spec.pipeline ?? DEFAULT_SWEEP_PIPELINE,
    conditions: spec.conditions.map((c) => ({ ...c, seed: c.seed ?? 0, params: c.params ?? {} })),
  };
}
