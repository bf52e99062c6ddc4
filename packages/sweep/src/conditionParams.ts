import { parseParams, type SuiteParams } from '@carb/suites';

/**
 * A condition's generator parameters with the defaults filled in (DEFAULT_PARAMS), checked by
 * the same rules as `carb suite --param` (parseParams). Throws `<key>: expected …` on a bad value.
 */
export function conditionParams(params: Partial<SuiteParams>, base?: SuiteParams): SuiteParams {
  const entries = Object.entries(params).map(([k, v]) => `${k}=${String(v)}`);
  try {
    return parseParams(entries, base);
  } catch (e) {
    // parseParams speaks of `--param k=v`; a spec names the key, its pointer is added by the caller
    const m = /^--param ([^=]*)(?:=\S*)?: (expected .*)$/.exec((e as Error).message);
    if (m) throw new Error(`${m[1]!}: ${m[2]!}`);
    throw e;
  }
}
