import { createHash } from 'node:crypto';
import { parseBudget } from '@carb/calibrate';
import { canonicalJson } from '@carb/io';
import { conditionParams } from './conditionParams.ts';
import { twinParams } from './twinParams.ts';
import type { ConditionSpec, SweepSpec } from './types.ts';

/** What of a condition's generation changes its episodes. */
function corpusOf(c: ConditionSpec) {
  return { suite: c.suite, cohort: c.cohort ?? null, seed: c.seed, params: conditionParams(c.params) };
}

/**
 * The frozen config hash of one condition (SHA-256 hex of canonical JSON): exactly what changes
 * its ConditionResult — mode, α (as an exact fraction, so ".10" and ".1" agree), methods and the
 * primary (path recall is measured for it), the condition with defaults filled (its name and
 * family are stored in the result), in fixed-threshold mode the calibrateOn corpus and the
 * ledger-twin parameters, the pipeline hash and the carb version. Not the spec's description or
 * name, nor the condition's position: reordering or re-describing a spec reuses finished results.
 */
export function conditionHash(spec: SweepSpec, condition: ConditionSpec, pipelineHash: string, carbVersion: string): string {
  const alpha = parseBudget(spec.alpha);
  const fixed = spec.mode === 'fixed-threshold';
  const calibrateOn = fixed ? spec.conditions.find((c) => c.name === spec.calibrateOn) : undefined;
  if (fixed && !calibrateOn) throw new Error(`sweep ${spec.name}: calibrateOn ${JSON.stringify(spec.calibrateOn)} names no condition`);
  const frozen = {
    mode: spec.mode,
    alpha: `${alpha.num}/${alpha.den}`,
    methods: spec.methods,
    primary: spec.primary,
    condition: {
      name: condition.name,
      family: condition.family,
      ...corpusOf(condition),
      splitSeeds: { first: condition.splitSeeds.first, count: condition.splitSeeds.count },
    },
    calibrateOn: calibrateOn ? corpusOf(calibrateOn) : null,
    ledger: fixed ? { condition: twinParams(spec, condition), calibrateOn: twinParams(spec, calibrateOn!) } : null,
    pipelineHash,
    carbVersion,
  };
  return createHash('sha256').update(canonicalJson(frozen), 'utf8').digest('hex');
}
