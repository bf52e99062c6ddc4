import { GUARANTEES, METHOD_ORDER } from '@carb/calibrate';
import type { GateChoiceArgs } from '@carb/deploy';
import { parseAlphas } from './alphas.ts';
import { parseSha256 } from './hash.ts';
import { choice, parsed, text, type Table } from './specs.ts';
import { UsageError, badValue } from './usageError.ts';

/** One budget α (decimal or fraction in (0, 1)), as typed. */
export function parseAlpha(flag: string, raw: unknown): string {
  const list = parseAlphas(flag, raw);
  if (list.length !== 1) throw badValue(flag, 'one budget such as .05', list.join(','));
  return list[0]!;
}

/** The options naming a gate (a deploy.json row and its pipeline), as `carb gate` and `carb explain` both take them. */
export const GATE_CHOICE: Table = {
  deploy: text('deploy.json of a calibration (pipeline.json and manifest.json beside it)'),
  method: choice("method whose row (with --deploy) or selector (default: the pipeline's) the gate uses", METHOD_ORDER),
  alpha: parsed('risk budget α of the deploy row, e.g. .05', parseAlpha),
  stratum: text('stratum of the deploy row (default all: the pooled run)'),
  guarantee: choice('guarantee of the deploy row (default expectation)', GUARANTEES),
  pipeline: text('pipeline config (default: pipeline.json beside --deploy, else configs/pipelines/default.json)'),
  'expect-manifest-hash': parsed(
    'with --deploy: refuse unless manifest.json beside it has this SHA-256 (the "manifest sha256" the calibration printed)',
    parseSha256,
  ),
};

/** Checks the flag combination (before any file is read); throws UsageError. */
export function checkGateChoice(a: GateChoiceArgs, options: { thresholdRequired: boolean }): void {
  if (a.deploy !== undefined && a.lambda !== undefined) throw new UsageError('--lambda: expected either --deploy or --lambda, found both');
  if (a.deploy !== undefined) {
    if (a.method === undefined) throw new UsageError('--method: expected a value (required with --deploy), found nothing');
    if (a.alpha === undefined) throw new UsageError('--alpha: expected a value (required with --deploy), found nothing');
    return;
  }
  const rowOnly = { alpha: a.alpha, stratum: a.stratum, guarantee: a.guarantee, 'expect-manifest-hash': a.expectManifestHash };
  for (const [flag, value] of Object.entries(rowOnly)) {
    if (value !== undefined)
      throw new UsageError(`--${flag}: expected together with --deploy (it selects a deploy.json row), found it alone`);
  }
  if (options.thresholdRequired && a.lambda === undefined)
    throw new UsageError(
      '--deploy: expected --deploy <deploy.json> or --lambda <x> (with --check, or --all-thresholds), found none of them',
    );
}

export type { GateChoiceArgs };
