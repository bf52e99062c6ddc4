import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS, suiteOutputProblem } from '@carb/suites';

// carb suite overwrites <stem>.jsonl / .labels.jsonl / .meta.json only when the .meta.json beside them is the
// generator metadata it writes (configs/schema/suite-meta.schema.json).
const META = {
  suite: 'graph-braid',
  cohort: null,
  seed: 0,
  params: DEFAULT_PARAMS,
  noiseSeed: 0,
  episodes: 2,
  harmful: 1,
  harmfulShare: 0.5,
};
const stemWith = (meta: unknown): string => {
  const dir = mkdtempSync(join(tmpdir(), 'carb-suite-out-'));
  writeFileSync(join(dir, 's.jsonl'), '');
  writeFileSync(join(dir, 's.meta.json'), JSON.stringify(meta));
  return join(dir, 's.jsonl');
};

describe("suiteOutputProblem: which suite files are carb's", () => {
  it('accepts files beside the metadata carb suite writes', () => {
    expect(suiteOutputProblem(stemWith(META))).toBeNull();
  });

  it("refuses files beside a .meta.json that has the six keys but is not carb's (another suite, a string seed, params of another kind)", () => {
    for (const meta of [
      { ...META, suite: 'mine' },
      { ...META, seed: '0' },
      { ...META, params: { ...DEFAULT_PARAMS, sinkText: 'fuzzy' } },
      { suite: 'ces' },
    ]) {
      const file = stemWith(meta);
      expect(suiteOutputProblem(file)).toBe(
        `${file} exists and is not a suite file carb wrote; carb overwrites only its own files, so choose another name or move it away`,
      );
    }
  });
});
