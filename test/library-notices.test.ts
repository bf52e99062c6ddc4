import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
// the sources (vitest does not read tsconfig's paths; 'carb' itself would be packages/carb/dist, built or not)
import { calibrate, readEpisodes } from '../packages/carb/src/index.ts';
import { runCli } from '../packages/cli/test/runCli.ts';
import { ROOT } from './helpers/shared.ts';

// Issue 27: library code writes nothing to stderr. A corpus with one malformed record (line 3) and one
// aborted episode: readEpisodes and calibrate give the problem line and the exclusion count to the
// caller, stderr stays empty; the command prints exactly those lines.
const work = mkdtempSync(join(tmpdir(), 'carb-notices-'));
const corpus = join(work, 'bad.jsonl');
const lines = readFileSync(join(ROOT, 'corpora/ces-near-miss.jsonl'), 'utf8').trim().split('\n');
const aborted = JSON.parse(lines[5]!) as { id: string; flags: { aborted: unknown } };
aborted.id = `${aborted.id}-aborted`;
aborted.flags.aborted = 'max_turns';
lines.splice(2, 0, '{"id": 7}');
lines.push(JSON.stringify(aborted));
writeFileSync(corpus, `${lines.join('\n')}\n`);
/** The problem line of line 3: the file, the record, what was expected (the id's type among the required keys). */
const badLine = (line: string) => {
  expect(line.startsWith(`${corpus}: line 3: invalid episode: `)).toBe(true);
  expect(line.endsWith('/id: expected a string, found number 7')).toBe(true);
};
const EXCLUDED = 'carb: excluded 1 aborted episode(s) (use --include-aborted to keep them)';

afterAll(() => rmSync(work, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** Everything written to stderr while `f` runs. */
async function stderrOf<T>(f: () => T | Promise<T>): Promise<{ value: T; err: string }> {
  let err = '';
  vi.spyOn(process.stderr, 'write').mockImplementation((s) => {
    err += String(s);
    return true;
  });
  const value = await f();
  vi.restoreAllMocks();
  return { value, err };
}

describe('library notices (no stderr from library code)', () => {
  it('readEpisodes on a corpus with a bad record writes nothing to stderr and gives the problem lines', async () => {
    const notices: string[] = [];
    const { value: episodes, err } = await stderrOf(() => readEpisodes(corpus, { onNotice: (l) => notices.push(l) }));
    expect(err).toBe('');
    // 322 lines: the corpus's 320 episodes, the malformed line 3, the aborted episode (left out)
    expect(episodes).toHaveLength(320);
    expect(notices).toHaveLength(2);
    badLine(notices[0]!);
    expect(notices[1]).toBe(EXCLUDED);
    // without onNotice the lines are dropped, still nothing on stderr
    expect((await stderrOf(() => readEpisodes(corpus))).err).toBe('');
  });

  it('calibrate returns the problem lines it used to print, writes nothing to stderr; the command prints exactly them', async () => {
    const options = { methods: ['g-carb' as const], alphas: ['.1'], splits: 2, frontier: false };
    const { value, err } = await stderrOf(() => calibrate(corpus, options));
    expect(err).toBe('');
    expect(value.notices).toHaveLength(2);
    badLine(value.notices[0]!);
    expect(value.notices[1]).toBe(EXCLUDED);
    const cli = await runCli([
      'calibrate',
      corpus,
      '--methods',
      'g-carb',
      '--alphas',
      '.1',
      '--splits',
      '2',
      '--no-frontier',
      '--out',
      join(work, 'cal'),
    ]);
    expect(cli.code, cli.err).toBe(0);
    expect(cli.errLines).toEqual(value.notices);
  }, 60_000);
});
