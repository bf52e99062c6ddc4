import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readManifestFile } from '../src/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'carb-manifest-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const H = 'ab'.repeat(32);

describe('readManifestFile (configs/schema/manifest.schema.json)', () => {
  it("reads the keys carb uses back, leaving the writer's other keys alone", () => {
    const file = join(dir, 'good.json');
    const m = {
      carbVersion: '0.1.0',
      pipelineHash: H,
      components: { grid: H },
      strata: { a: { pipelineHash: H, episodes: 3 } },
      outputs: { 'x.csv': H },
      extra: [1],
    };
    writeFileSync(file, JSON.stringify(m));
    expect(readManifestFile(file)).toEqual(m);
  });

  it('refuses a manifest of the wrong shape, one line per problem', () => {
    const file = join(dir, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify({
        pipelineHash: 'abc',
        components: { grid: 7 },
        strata: { a: 1 },
        outputs: { 'x.csv': H, 'y.csv': null },
        command: { argv: 'calibrate' },
      }),
    );
    expect(() => readManifestFile(file)).toThrow(
      [
        `${file}: /pipelineHash: expected the run's pipeline hash (64 hex digits), found string "abc"`,
        `${file}: /components/grid: expected a component SHA-256 (64 hex digits), found number 7`,
        `${file}: /strata/a: expected a stratum's { pipelineHash, episodes }, found number 1`,
        `${file}: /outputs/y.csv: expected a file's SHA-256 (64 hex digits), found null`,
        `${file}: /command/argv: expected the argv of a carb command (a list of strings), found string "calibrate"`,
      ].join('\n'),
    );
  });

  it('names which of pipelineHash and components is missing; a manifest that is not an object is named as such', () => {
    const file = join(dir, 'apply.json');
    writeFileSync(file, JSON.stringify({ components: { grid: H }, outputs: {} }));
    expect(() => readManifestFile(file)).toThrow(
      `${file}: expected a carb manifest with pipelineHash and components, found no pipelineHash`,
    );
    writeFileSync(file, '[1]');
    expect(() => readManifestFile(file)).toThrow(`${file}: expected a carb manifest (an object), found an array (length 1)`);
  });
});
