import { describe, expect, it } from 'vitest';
import { SELECTOR_KINDS } from '@carb/pipeline';
import { parseAlphas } from '../src/options/alphas.ts';
import { parseChoice } from '../src/options/choice.ts';
import { parseSha256 } from '../src/options/hash.ts';
import { parseInteger } from '../src/options/integer.ts';
import { parseMethods } from '../src/options/methods.ts';
import { MAX_SEEDS, parseSeedList } from '../src/options/seeds.ts';
import { parseText } from '../src/options/text.ts';
import { UsageError } from '../src/options/usageError.ts';
import { jobInput } from '../src/commands/define.ts';
import { withTable, text, pathList, flag } from '../src/options/specs.ts';

/** The UsageError message `f` throws. */
function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as Error).message;
  }
  throw new Error('expected a UsageError');
}

describe('integer options', () => {
  it('accept plain decimal digits in range', () => {
    expect(parseInteger('--splits', '200', 1)).toBe(200);
    expect(parseInteger('--base-seed', '0', 0)).toBe(0);
    expect(parseInteger('--base-seed', '9007199254740991', 0)).toBe(Number.MAX_SAFE_INTEGER);
  });
  it.each(['2.5', 'abc', '', ' 3', '1e2', '0x10', '-1', '+3', '3.0', '9007199254740992'])('refuse %j', (raw) => {
    expect(refusal(() => parseInteger('--splits', raw, 1))).toMatch(/^--splits: expected a positive integer, found /);
  });
  it('refuse zero where at least 1 is required, and a repeated flag', () => {
    expect(refusal(() => parseInteger('--cal', '0', 1))).toBe('--cal: expected a positive integer, found 0');
    expect(refusal(() => parseInteger('--splits', ['3', '4'], 1))).toBe('--splits: expected one value, found 2 (3, 4)');
  });
});

describe('--alphas', () => {
  it('keeps the exact texts, decimals and fractions alike', () => {
    expect(parseAlphas('--alphas', '.025, .05,0.10,1/493')).toEqual(['.025', '.05', '0.10', '1/493']);
  });
  it.each([
    ['', 'an empty value'],
    ['   ', '   '],
    ['.05,,.1', 'an empty entry in ".05,,.1"'],
    ['0', '0'],
    ['1', '1'],
    ['1.0', '1.0'],
    ['0/7', '0/7'],
    ['3/2', '3/2'],
    ['1/0', '1/0'],
    ['-.05', '-.05'],
    ['5%', '5%'],
    ['.05,.050', '.050 (equal to .05)'],
    ['1/20,.05', '.05 (equal to 1/20)'],
  ])('refuse %j', (raw, found) => {
    expect(refusal(() => parseAlphas('--alphas', raw))).toMatch(
      new RegExp(`^--alphas: expected .*, found ${found.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`),
    );
  });
});

describe('--methods', () => {
  it('all, or a list in the order given', () => {
    expect(parseMethods('--methods', 'all')).toHaveLength(7);
    expect(parseMethods('--methods', 'g-carb, full-prefix')).toEqual(['g-carb', 'full-prefix']);
  });
  it('suggests the nearest method and refuses repeats', () => {
    expect(refusal(() => parseMethods('--methods', 'g-carb,ful-prefix'))).toBe(
      '--methods: expected a method name (did you mean full-prefix?), found ful-prefix',
    );
    expect(refusal(() => parseMethods('--methods', 'g-carb,g-carb'))).toBe('--methods: expected each method once, found g-carb twice');
    expect(refusal(() => parseMethods('--methods', ''))).toMatch(/found an empty value$/);
  });
});

describe('--selector-seeds', () => {
  it('ranges and lists', () => {
    expect(parseSeedList('--selector-seeds', '0-3')).toEqual([0, 1, 2, 3]);
    expect(parseSeedList('--selector-seeds', '7,0-1,9')).toEqual([7, 0, 1, 9]);
  });
  it('refuse reversed ranges, repeats, junk and runaway ranges', () => {
    expect(refusal(() => parseSeedList('--selector-seeds', '5-2'))).toBe(
      '--selector-seeds: expected a range low-high with low ≤ high, found 5-2',
    );
    expect(refusal(() => parseSeedList('--selector-seeds', '0-3,2'))).toBe('--selector-seeds: expected each seed once, found 2 twice');
    expect(refusal(() => parseSeedList('--selector-seeds', '1.5'))).toMatch(/found 1\.5$/);
    expect(refusal(() => parseSeedList('--selector-seeds', `0-${MAX_SEEDS}`))).toMatch(new RegExp(`at most ${MAX_SEEDS} seeds`));
  });
});

describe('choices, paths and hashes', () => {
  it('--selector takes exactly the pipeline selector kinds', () => {
    for (const k of SELECTOR_KINDS) expect(parseChoice('--selector', k, SELECTOR_KINDS)).toBe(k);
    expect(refusal(() => parseChoice('--selector', 'Graph', SELECTOR_KINDS))).toBe(
      '--selector: expected one of "full", "graph", "window", "random", "current", found Graph (did you mean "graph"?)',
    );
  });
  it('paths are non-empty and end as required', () => {
    expect(parseText('--out', 'x.arrow', ['.arrow'])).toBe('x.arrow');
    expect(refusal(() => parseText('--out', '', []))).toBe('--out: expected a value, found an empty value');
    expect(refusal(() => parseText('--out', 'x.csv', ['.arrow', '.jsonl']))).toBe(
      '--out: expected a file name ending in .arrow or .jsonl, found x.csv',
    );
  });
  it('a SHA-256 is 64 hex digits', () => {
    expect(parseSha256('--expect-hash', 'A'.repeat(64))).toBe('a'.repeat(64));
    expect(refusal(() => parseSha256('--expect-hash', 'a'.repeat(63)))).toMatch(
      /^--expect-hash: expected a SHA-256 of 64 hex digits, found a{63}$/,
    );
  });
});

describe('job input', () => {
  it("keeps the camelCase keys of the parsed command line, not the flag spellings or yargs's _ and $0", () => {
    const argv = {
      _: ['calibrate'],
      $0: 'carb',
      'split-rng': 'python',
      splitRng: 'python',
      'include-aborted': false,
      includeAborted: false,
      corpus: ['a.jsonl'],
    };
    expect(jobInput(argv)).toEqual({ splitRng: 'python', includeAborted: false, corpus: ['a.jsonl'] });
  });
});

describe('option table', () => {
  it('registers a name the usage line holds as <name> or <name..> as a positional, every other as an option', () => {
    const calls: string[] = [];
    const y = {
      positional: (name: string) => (calls.push(`positional ${name}`), y),
      option: (name: string) => (calls.push(`option ${name}`), y),
    };
    const table = { corpus: pathList('corpora'), out: text('folder'), json: flag('as JSON'), dir: text('folder') };
    withTable(y as never, 'x <corpus..> <dir>', table);
    expect(calls).toEqual(['positional corpus', 'option out', 'option json', 'positional dir']);
  });

  it('names the flag or positional it was registered as in its refusals', () => {
    const coerce = (spec: ReturnType<typeof text>, flag: string) => spec(flag).coerce as (raw: unknown) => unknown;
    expect(refusal(() => coerce(text('folder'), '--out')(''))).toBe('--out: expected a value, found an empty value');
    expect(refusal(() => coerce(pathList('corpora'), '<corpus>')(['a', '']))).toBe('<corpus>: expected a value, found an empty value');
  });
});
