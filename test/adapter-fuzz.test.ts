import { describe, expect, it } from 'vitest';
import { ADAPTERS, fuzzAdapter } from './helpers/adapterFuzz.ts';

// A fast sample of test/adapter-fuzz.full.test.ts (50 mutations per adapter, another seed).
describe('adapter fuzz (sample)', () => {
  for (const adapter of ADAPTERS) {
    it(`${adapter}: 50 mutations, none crashes or silently changes a value`, () => {
      const c = fuzzAdapter(adapter, 50, 'issue-21-sample');
      expect(c.examples).toEqual([]);
      expect({ crash: c.crash, silent: c.silent }).toEqual({ crash: 0, silent: 0 });
      expect(c.clean + c.accepted).toBe(50);
    }, 60_000);
  }
});
