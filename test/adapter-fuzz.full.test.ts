import { describe, expect, it } from 'vitest';
import { ADAPTERS, fuzzAdapter } from './helpers/adapterFuzz.ts';

// Issue 21: every adapter under ≥ 500 seeded mutations (deep nesting, non-finite numbers, integers
// JSON cannot hold, invalid UTF-8, a BOM, contradictory ok/error, blank ids, unknown top-level
// fields, dropped keys, junk values, cuts). Each input is either refused with one line naming the
// file (and the record) or read with every copied value equal to the input's: no crash, no silent change.
const RUNS = 500;

describe('adapter fuzz (exhaustive)', () => {
  for (const adapter of ADAPTERS) {
    it(`${adapter}: ${RUNS} mutations, none crashes or silently changes a value`, () => {
      const c = fuzzAdapter(adapter, RUNS);
      console.log(`adapter fuzz ${adapter}: clean error ${c.clean}, accepted ${c.accepted}, crash ${c.crash}, silent ${c.silent}`);
      expect(c.examples).toEqual([]);
      expect({ crash: c.crash, silent: c.silent }).toEqual({ crash: 0, silent: 0 });
      expect(c.clean + c.accepted).toBe(RUNS);
      // both outcomes occur: the mutations neither all break the input nor all miss it
      expect(c.clean).toBeGreaterThan(0);
      expect(c.accepted).toBeGreaterThan(0);
      for (const kind of ['deep', 'nonfinite', 'hugeint', 'blankid', 'unknown', 'okerror', 'drop', 'replace'])
        expect(c.kinds[kind] ?? 0, kind).toBeGreaterThan(10);
      if (adapter !== 'arrow') for (const kind of ['utf8', 'bom']) expect(c.kinds[kind] ?? 0, kind).toBeGreaterThan(10);
    }, 120_000);
  }
});
