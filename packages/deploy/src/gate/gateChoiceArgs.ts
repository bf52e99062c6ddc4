import type { Guarantee, MethodName } from '@carb/calibrate';

/**
 * What names a gate: a deploy.json row (deploy, method, alpha, stratum, guarantee) or a grid λ,
 * with its pipeline. The keys are `carb gate`'s and `carb explain`'s flags, so their parsed
 * arguments pass as they are; loadGate builds one from its options.
 */
export interface GateChoiceArgs {
  deploy?: string;
  method?: MethodName;
  alpha?: string;
  stratum?: string;
  guarantee?: Guarantee;
  lambda?: string;
  pipeline?: string;
  expectManifestHash?: string;
}
