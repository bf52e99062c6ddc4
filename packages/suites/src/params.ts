import { DEFAULT_PARAMS, type SinkText, type SuiteParams } from './types.ts';

const UNIT = ['harm', 'benignDensity', 'edgeDropout'] as const;

/**
 * Parses `k=v` overrides (CLI `--param`) onto the defaults. Throws one line naming the
 * offending entry and what was expected.
 */
export function parseParams(entries: readonly string[], base: SuiteParams = DEFAULT_PARAMS): SuiteParams {
  const out: SuiteParams = { ...base };
  for (const entry of entries) {
    const eq = entry.indexOf('=');
    const key = eq < 0 ? entry : entry.slice(0, eq);
    const value = eq < 0 ? '' : entry.slice(eq + 1);
    const bad = (expected: string): never => {
      throw new Error(`--param ${entry}: expected ${expected}`);
    };
    if (eq < 0) bad('key=value');
    if (!(key in DEFAULT_PARAMS)) bad(`one of ${Object.keys(DEFAULT_PARAMS).join(', ')}`);
    if (key === 'provenance') {
      if (value !== 'true' && value !== 'false' && value !== '1' && value !== '0') bad('provenance=true|false');
      out.provenance = value === 'true' || value === '1';
    } else if (key === 'sinkText') {
      if (value !== 'exact' && value !== 'laundered') bad('sinkText=exact|laundered');
      out.sinkText = value as SinkText;
    } else {
      const x = Number(value);
      if (value.trim() === '' || !Number.isFinite(x)) bad(`${key}=<number>`);
      if ((key === 'families' || key === 'trajectories') && !(Number.isInteger(x) && x >= 1)) bad(`${key}=<positive integer>`);
      if ((UNIT as readonly string[]).includes(key) && !(x >= 0 && x <= 1)) bad(`${key} in [0,1]`);
      if (key === 'scoreNoise' && !(x >= 0)) bad('scoreNoise ≥ 0');
      (out as unknown as Record<string, number>)[key] = x;
    }
  }
  return out;
}
