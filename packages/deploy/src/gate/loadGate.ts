import { isMethodName, POOLED_STRATUM, type Guarantee, type MethodName } from '@carb/calibrate';
import { UsageError } from '@carb/io';
import { openGate, type DeployedGate } from './openGate.ts';
import { resolveGate } from './resolveGate.ts';

/** Which deploy.json row loadGate deploys, and how far the folder is trusted. */
export interface LoadGateOptions {
  /** Calibration method of the row, e.g. "g-carb". */
  method: MethodName;
  /** Risk budget α of the row: a decimal or fraction in (0, 1), e.g. ".05", "1/20" or 0.05. */
  alpha: string | number;
  /** Stratum of the row (default "all": the pooled run). */
  stratum?: string;
  /** Guarantee of the row (default "expectation"). */
  guarantee?: Guarantee;
  /** Refuse unless manifest.json beside deploy.json has this SHA-256 (the "manifest sha256" the calibration printed). */
  expectManifestHash?: string;
  /** Pipeline config to gate with (default: pipeline.json beside deploy.json, checked against the manifest). */
  pipeline?: string;
  /** Episode key for the equal-size random selector (default "online", as `carb gate`). */
  episodeId?: string;
}

/**
 * The calibrated gate of one deploy.json row, ready for an agent's tool loop. Verifies the
 * deploy folder exactly as `carb gate --deploy` does (deploy.json and pipeline.json byte for byte
 * what manifest.json records; the row's pipeline hash and λ against the pipeline) and throws one
 * line naming the file otherwise; a row not found throws a UsageError listing the rows there are.
 * The returned gate decides one episode: `propose(call)` → allow | stop, `observe(result)` after
 * an allowed call, `history`. For the next episode, call loadGate again (or openGate on `gate.resolved`).
 */
// async without an await: a bad option then rejects the promise the caller awaits instead of throwing before it
// eslint-disable-next-line @typescript-eslint/require-await
export async function loadGate(deployJsonPath: string, options: LoadGateOptions): Promise<DeployedGate> {
  // a plain-JavaScript caller may pass no options at all, whatever the type says
  const given = options as LoadGateOptions | undefined;
  if (typeof given?.method !== 'string' || !isMethodName(given.method))
    throw new UsageError(`method: expected a calibration method name such as "g-carb", found ${JSON.stringify(given?.method)}`);
  const resolved = resolveGate({
    deploy: deployJsonPath,
    method: options.method,
    alpha: String(options.alpha),
    stratum: options.stratum ?? POOLED_STRATUM,
    guarantee: options.guarantee ?? 'expectation',
    ...(options.pipeline !== undefined ? { pipeline: options.pipeline } : {}),
    ...(options.expectManifestHash !== undefined ? { expectManifestHash: options.expectManifestHash } : {}),
  });
  return openGate(resolved, options.episodeId !== undefined ? { episodeId: options.episodeId } : {});
}
