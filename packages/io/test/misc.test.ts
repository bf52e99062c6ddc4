import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import {
  PLOT_FONT_FAMILY,
  carbPath,
  closestName,
  describeValue,
  dictionaryColumn,
  progress,
  schemaIssues,
  seededRandom,
  workerEntry,
} from '../src/index.ts';

describe('closestName', () => {
  it('the nearest candidate within max(2, ⌈len/3⌉) edits, case-insensitive; ties to the earlier one; null when none is near', () => {
    expect(closestName('g-crab', ['no-guard', 'g-carb', 'full-prefix'])).toBe('g-carb');
    expect(closestName('G-CARB', ['g-carb'])).toBe('g-carb');
    expect(closestName('ab', ['ax', 'ay'])).toBe('ax');
    expect(closestName('zzzzzz', ['g-carb'])).toBeNull();
  });
});

describe('describeValue and schemaIssues', () => {
  it('names what was found', () => {
    expect([undefined, null, [1, 2], {}, 'x', 3, true].map(describeValue)).toEqual([
      'nothing',
      'null',
      'an array (length 2)',
      'an object',
      'string "x"',
      'number 3',
      'boolean true',
    ]);
    expect(describeValue('a'.repeat(80))).toBe(`string "${'a'.repeat(56)}...`);
  });

  it('one pointer line per violation; an unknown key names the near known key and is not also reported missing', () => {
    const validate = new Ajv({ allErrors: true, verbose: true }).compile({
      type: 'object',
      additionalProperties: false,
      required: ['alpha', 'method'],
      properties: { alpha: { type: 'number', minimum: 0 }, method: { enum: ['g-carb', 'no-guard'] } },
    });
    expect(schemaIssues(validate, { alpha: 0.1, method: 'g-carb' })).toEqual([]);
    expect(schemaIssues(validate, { alpah: 0.1, method: 'g-crab' })).toEqual([
      '/alpah: unknown key (number 0.1); did you mean "alpha"?',
      '/method: expected one of "g-carb", "no-guard", found string "g-crab" (did you mean "g-carb"?)',
    ]);
    expect(schemaIssues(validate, { alpha: -1, method: 'no-guard' })).toEqual(['/alpha: expected a number >= 0, found number -1']);
    expect(schemaIssues(validate, { alpha: '1' })).toEqual([
      '/method: expected a value (required key), found nothing',
      '/alpha: expected a number, found string "1"',
    ]);
  });
});

describe('seededRandom', () => {
  it("is seedrandom's ARC4: 'hello.' draws 0.9282578795792454 first (seedrandom's README); quick keeps its first 32 bits", () => {
    expect(seededRandom('hello.')()).toBe(0.9282578795792454);
    const q = seededRandom('hello.', 'quick')();
    expect(Number.isInteger(q * 2 ** 32)).toBe(true);
    expect(q * 2 ** 32).toBe(Math.floor(0.9282578795792454 * 2 ** 32));
  });

  it('a key is its own stream, reproducible', () => {
    const a = seededRandom('split:1');
    const b = seededRandom('split:1');
    expect([a(), a()]).toEqual([b(), b()]);
    expect(seededRandom('split:2')()).not.toBe(seededRandom('split:1')());
  });
});

describe('carbPath and workerEntry', () => {
  it('carbPath resolves inside the checkout whose package.json is named carb-workspace (the workspace root, not the installed package)', () => {
    expect((JSON.parse(readFileSync(carbPath('package.json'), 'utf8')) as { name: string }).name).toBe('carb-workspace');
  });

  it('a .ts module gets name.ts loaded through tsx, a bundled .js module name.js', () => {
    expect(workerEntry('file:///x/src/pool.ts', 'replayWorker')).toEqual({
      filename: '/x/src/replayWorker.ts',
      execArgv: ['--import', 'tsx'],
    });
    expect(workerEntry('file:///x/dist/carb.js', 'replayWorker')).toEqual({ filename: '/x/dist/replayWorker.js' });
  });
});

describe('dictionaryColumn', () => {
  it('codes in first-seen order, the dictionary id given', () => {
    const v = dictionaryColumn(['b', 'a', 'b', 'c'], 7);
    expect(v.toArray()).toEqual(['b', 'a', 'b', 'c']);
    expect((v.type as { id: number }).id).toBe(7);
    expect(Array.from(v.data[0]!.values as ArrayLike<number>)).toEqual([0, 1, 0, 2]);
  });
});

describe('progress and PLOT_FONT_FAMILY', () => {
  it('progress writes nothing off a terminal (CI, pipes)', () => {
    const written: unknown[] = [];
    const isTTY = process.stderr.isTTY;
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.isTTY = false;
    process.stderr.write = (chunk: unknown) => written.push(chunk) > 0;
    try {
      const p = progress('x', 10);
      p.tick(3);
      p.stop();
    } finally {
      process.stderr.write = write;
      process.stderr.isTTY = isTTY;
    }
    expect(written).toEqual([]);
  });

  it("the plots' font is the bundled DejaVu Sans", () => {
    expect(PLOT_FONT_FAMILY).toBe('DejaVu Sans');
  });
});
