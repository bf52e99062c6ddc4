import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './runCli.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
// a real corpus: without the strict checks each command below would run a full job on it
const CES = join(ROOT, 'corpora/ces-clean.jsonl');
const scratch = mkdtempSync(join(tmpdir(), 'carb-usage-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let n = 0;
/** A fresh path that must still not exist after the run. */
const fresh = (suffix = '') => join(scratch, `out-${++n}${suffix}`);

// [argv (OUT = a fresh output path), flag or key the one-line message must start with, words it must contain]
const cases: Array<[string, string[], string, string[]]> = [
  ['unknown flag', ['calibrate', CES, '--splt', '3', '--out', 'OUT'], '--splt', ['unknown option', 'did you mean --splits?']],
  ['unknown dashed flag', ['calibrate', CES, '--foo-bar', '3', '--out', 'OUT'], '--foo-bar', ['unknown option for carb calibrate']],
  ['unknown dashed flag of main', ['main', '--base-seed', '7', '--out', 'OUT'], '--base-seed', ['unknown option for carb main']],
  ['bad choice', ['calibrate', CES, '--split-rng', 'mt', '--out', 'OUT'], '--split-rng', ['"python", "seedrandom"', 'found mt']],
  ['non-integer splits', ['calibrate', CES, '--splits', '2.5', '--out', 'OUT'], '--splits', ['positive integer', 'found 2.5']],
  ['non-numeric splits', ['calibrate', CES, '--splits', 'abc', '--out', 'OUT'], '--splits', ['positive integer', 'found abc']],
  ['zero splits', ['calibrate', CES, '--splits', '0', '--out', 'OUT'], '--splits', ['positive integer', 'found 0']],
  ['exponent splits', ['calibrate', CES, '--splits', '1e2', '--out', 'OUT'], '--splits', ['found 1e2']],
  ['empty alphas', ['calibrate', CES, '--alphas', '', '--out', 'OUT'], '--alphas', ['(0, 1)', 'found an empty value']],
  ['alpha of 1', ['calibrate', CES, '--alphas', '.05,1', '--out', 'OUT'], '--alphas', ['(0, 1)', 'found 1']],
  ['alpha not a number', ['calibrate', CES, '--alphas', '.05,abc', '--out', 'OUT'], '--alphas', ['found abc']],
  ['alpha repeated by value', ['calibrate', CES, '--alphas', '.05,1/20', '--out', 'OUT'], '--alphas', ['1/20 (equal to .05)']],
  ['missing --out', ['calibrate', CES], '--out', ['required by carb calibrate', 'found nothing']],
  ['--out without a value', ['calibrate', CES, '--out'], '--out', ['expected a value']],
  ['--out twice', ['calibrate', CES, '--out', 'OUT', '--out', 'OUT2'], '--out', ['one value']],
  [
    '--out name too long',
    ['calibrate', CES, '--out', `OUT${'x'.repeat(250)}`],
    '--out',
    ['expected a name of at most 191 bytes (a file system allows 255'],
  ],
  ['negative base seed', ['calibrate', CES, '--base-seed', '-1', '--out', 'OUT'], '--base-seed', ['non-negative integer']],
  ['unsafe base seed', ['calibrate', CES, '--base-seed', '9007199254740993', '--out', 'OUT'], '--base-seed', ['non-negative integer']],
  ['fractional cal', ['calibrate', CES, '--cal', '4.5', '--out', 'OUT'], '--cal', ['positive integer']],
  ['zero test', ['calibrate', CES, '--test', '0', '--out', 'OUT'], '--test', ['positive integer']],
  ['folds larger than the corpus', ['calibrate', CES, '--cal', '1000', '--test', '1000', '--out', 'OUT'], '--cal/--test', ['1000 + 1000']],
  ['unknown method', ['calibrate', CES, '--methods', 'g-crab', '--out', 'OUT'], '--methods', ['did you mean g-carb?']],
  ['empty methods', ['calibrate', CES, '--methods', '', '--out', 'OUT'], '--methods', ['found an empty value']],
  [
    'batch without high-probability',
    ['calibrate', CES, '--batch', '48', '--out', 'OUT'],
    '--batch',
    ['--guarantee high-probability or both'],
  ],
  [
    'batch with executed-step CRC (all methods)',
    ['calibrate', CES, '--guarantee', 'high-probability', '--delta', '.1', '--batch', '48', '--out', 'OUT'],
    '--batch',
    ['executed-step-crc', '--methods all includes it'],
  ],
  [
    'batch with executed-step CRC named',
    ['calibrate', CES, '--guarantee', 'both', '--delta', '.1', '--batch', 'fold', '--methods', 'g-carb,executed-step-crc', '--out', 'OUT'],
    '--batch',
    ['found executed-step-crc in --methods'],
  ],
  [
    'batch not a size',
    ['calibrate', CES, '--guarantee', 'high-probability', '--delta', '.1', '--batch', '0', '--out', 'OUT'],
    '--batch',
    ['positive integer batch size, or fold', 'found 0'],
  ],
  ['bad selector seeds', ['calibrate', CES, '--selector-seeds', '5-2', '--out', 'OUT'], '--selector-seeds', ['low ≤ high']],
  ['bad dataset', ['calibrate', CES, '--dataset', 'ces', '--out', 'OUT'], '--dataset', ['"ces-clean"']],
  ['bad expect-hash', ['calibrate', CES, '--expect-hash', 'abc', '--out', 'OUT'], '--expect-hash', ['64 hex digits']],
  ['expect-manifest alone', ['calibrate', CES, '--expect-manifest', 'm.json', '--out', 'OUT'], '--expect-manifest', ['--expect-hash']],
  ['bad format', ['calibrate', CES, '--format', 'csv', '--out', 'OUT'], '--format', ['"jsonl"', 'found csv']],
  ['no corpus', ['calibrate', '--out', 'OUT'], '<corpus..>', ['required by carb calibrate']],
  ['main --bogus', ['main', '--bogus', '--out', 'OUT'], '--bogus', ['unknown option for carb main']],
  [
    'bad selector',
    ['replay', CES, '--selector', 'grap', '--out', 'OUT.arrow'],
    '--selector',
    ['"full", "graph", "window", "random", "current"', 'did you mean "graph"?'],
  ],
  ['replay --out not .arrow', ['replay', CES, '--out', 'OUT.csv'], '--out', ['.arrow']],
  ['replay unknown flag', ['replay', CES, '--naïve', '--out', 'OUT.arrow'], '--naïve', ['unknown option']],
  ['ingest --out suffix', ['ingest', CES, '--out', 'OUT.csv'], '--out', ['.arrow or .jsonl', 'found']],
  ['ingest bad format', ['ingest', CES, '--format', 'parquet', '--out', 'OUT.arrow'], '--format', ['found parquet']],
  ['inspect --tools without a value', ['inspect', CES, '--tools'], '--tools', ['expected a value']],
  ['suite without cohort', ['suite', 'ces', '--out', 'OUT.jsonl'], '--cohort', ['required for carb suite ces']],
  ['suite cohort on graph-braid', ['suite', 'graph-braid', '--cohort', 'clean', '--out', 'OUT.jsonl'], '--cohort', ['ces only']],
  ['suite fractional seed', ['suite', 'graph-braid', '--seed', '1.5', '--out', 'OUT.jsonl'], '--seed', ['non-negative integer']],
  ['suite bad param', ['suite', 'ces', '--cohort', 'clean', '--param', 'harm=5', '--out', 'OUT.jsonl'], '--param', ['harm in [0,1]']],
  [
    'suite param named like an Object member',
    ['suite', 'graph-braid', '--param', 'constructor=1', '--out', 'OUT.jsonl'],
    '--param',
    ['constructor=1: expected one of'],
  ],
  ['suite misspelled param', ['suite', 'graph-braid', '--param', 'harn=0.2', '--out', 'OUT.jsonl'], '--param', ['did you mean harm?']],
  ['suite unknown name', ['suite', 'cess', '--out', 'OUT.jsonl'], '<name>', ['"ces", "graph-braid"']],
  ['unknown command', ['calibrat', CES, '--out', 'OUT'], 'calibrat', ['unknown command', 'did you mean calibrate?']],
  ['no command', [], '<command>', ['found nothing']],
  ['pipeline without subcommand', ['pipeline'], '<command>', ['check']],
];

describe('usage errors: exit 2, one line naming the flag, nothing written', () => {
  it.each(cases)(
    '%s',
    async (_name, argv, flag, words) => {
      const out = fresh();
      const args = argv.map((a) => a.replace(/^OUT/, out));
      const r = await runCli(args);
      expect(r.code).toBe(2);
      expect(r.errLines).toHaveLength(1);
      expect(r.errLines[0]!.startsWith(`carb: ${flag}: `)).toBe(true);
      for (const w of words) expect(r.errLines[0]).toContain(w);
      // yargs's camel-cased second name of a dashed flag (fooBar) is not the user's word
      expect(r.errLines[0]).not.toMatch(/; [a-z]+[A-Z]\w*: unexpected argument/);
      expect(r.out).toBe('');
      // no report dir, no file, not even a temporary one beside it
      expect(readdirSync(scratch).filter((f) => f.startsWith(`out-${n}`))).toEqual([]);
    },
    120_000,
  );
});

describe('an --out through a file: exit 2 before any work, one line naming the file, the file untouched', () => {
  const file = join(scratch, 'notes.txt');
  writeFileSync(file, 'mine\n');
  const through: Array<[string, string[]]> = [
    ['calibrate', ['calibrate', CES, '--out', join(file, 'report')]],
    ['main', ['main', '--out', join(file, 'report')]],
    ['replay', ['replay', CES, '--out', join(file, 'x.arrow')]],
    ['ingest', ['ingest', CES, '--out', join(file, 'deeper', 'x.jsonl.gz')]],
    ['suite', ['suite', 'graph-braid', '--size', '10', '--out', join(file, 'gb.jsonl')]],
    ['tools init', ['tools', 'init', CES, '--out', join(file, 'tools.json')]],
    ['sweep', ['sweep', join(ROOT, 'configs/sweeps/ces-evidence-audit.json'), '--out', join(file, 'sweep')]],
  ];
  it.each(through)(
    '%s',
    async (_name, argv) => {
      const r = await runCli(argv);
      expect(r.code).toBe(2);
      expect(r.errLines).toEqual([
        `carb: --out: ${argv.at(-1)!}: expected ${file} to be a folder (the path goes through it), found a file`,
      ]);
      expect(readFileSync(file, 'utf8')).toBe('mine\n');
    },
    120_000,
  );
});

describe('data errors: exit 1, nothing written', () => {
  it('a corpus path that does not exist', async () => {
    const out = fresh();
    const r = await runCli(['calibrate', join(scratch, 'nope.jsonl'), '--out', out, '--splits', '2']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('nope.jsonl');
    expect(existsSync(out)).toBe(false);
  }, 120_000);

  it('a pipeline config with a misspelled key', async () => {
    const out = fresh();
    const r = await runCli([
      'calibrate',
      CES,
      '--pipeline',
      join(ROOT, 'packages/cli/test/fixtures/typo-key.json'),
      '--out',
      out,
      '--splits',
      '2',
    ]);
    expect(r.code).toBe(1);
    expect(r.errLines).toEqual([
      expect.stringMatching(/typo-key\.json: \/scorer\/weights\/intercpet: unknown key .*did you mean "intercept"\?$/),
    ]);
    expect(existsSync(out)).toBe(false);
  }, 120_000);

  it('a corpus too small for its folds: the fixed folds of a constructed suite name what they need; halves need 2', async () => {
    const three = join(scratch, 'three.jsonl');
    writeFileSync(three, readFileSync(CES, 'utf8').split('\n').slice(0, 3).join('\n') + '\n');
    const out = fresh();
    const fixed = await runCli(['calibrate', three, '--out', out]);
    expect(fixed.code).toBe(1);
    expect(fixed.errLines).toEqual([
      'carb: stratum all: 3 episode(s) cannot fill a calibration fold of 48 and a test fold of 48; expected at least 96 episodes for the ces-clean folds of 48 and 48 (--dataset agentdojo halves any corpus; --cal/--test set folds)',
    ]);
    const one = join(scratch, 'one.jsonl');
    writeFileSync(one, `${readFileSync(CES, 'utf8').split('\n')[0]!}\n`);
    const halves = await runCli(['calibrate', one, '--dataset', 'agentdojo', '--out', out]);
    expect(halves.code).toBe(1);
    expect(halves.errLines.at(-1)).toBe(
      'carb: stratum all: 1 episode(s) cannot fill a calibration fold of 0 and a test fold of 0; expected at least 2 episodes per stratum',
    );
    expect(existsSync(out)).toBe(false);
  }, 120_000);
});

describe('--version and --help', () => {
  it('--version prints the carb version (root package.json)', async () => {
    const { version } = (await import('../../../package.json', { with: { type: 'json' } })).default as { version: string };
    const r = await runCli(['--version']);
    expect(r.code).toBe(0);
    expect(r.out).toBe(`${version}\n`);
  }, 120_000);

  it('every option of every command has a description', async () => {
    for (const cmd of [['ingest'], ['inspect'], ['replay'], ['suite'], ['calibrate'], ['verify'], ['main'], ['pipeline', 'check']]) {
      const r = await runCli([...cmd, '--help']);
      expect(r.code).toBe(0);
      const options = r.out.split('\n').filter((l) => /^\s+--\S/.test(l));
      expect(options.length).toBeGreaterThan(2);
      // a described option has text between its name and the [type] column
      for (const l of options) expect(l, `${cmd.join(' ')}: ${l.trim()}`).toMatch(/^\s+--[\w-]+\s{2,}\S.*\S/);
      for (const l of options) expect(l.replace(/^\s+--[\w-]+\s+/, ''), `${cmd.join(' ')}: ${l.trim()}`).not.toMatch(/^\[/);
    }
  }, 120_000);
});
