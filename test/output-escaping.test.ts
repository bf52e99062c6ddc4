import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliRun } from '../packages/cli/test/runCli.ts';
import { ROOT } from './helpers/shared.ts';

// Issue 21: names from the logs (models, tools, ids, strata) reached tables.md and index.html as
// raw HTML, broke Markdown tables, and reached the terminal with their escape sequences.

/** Model names of the corpus, one per conversation in turn; the worked example's unreviewed conversations fall 3, 1, 0, 2 on them. */
const MODELS = ['<img src=x onerror=alert(1)>', 'a|b\nc', '\u001b[31mred', 'evil\u202eoot'];
/** The tool of support-001's first call (lookup_order) renamed. */
const TOOL = 'look\u001b[2J|<script>\u202eup\nforged';
/** What no output may carry raw: C0 controls but the line feed, DEL, C1, bidi override. */
// eslint-disable-next-line no-control-regex -- the control characters are what the test looks for
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/;

const dir = mkdtempSync(join(tmpdir(), 'carb-escaping-'));
const out = join(dir, 'report');
beforeAll(writeCorpus);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The worked example of corpora/own-logs with hostile model names and one hostile tool name. */
function writeCorpus(): void {
  cpSync(join(ROOT, 'corpora/own-logs'), dir, { recursive: true });
  const lines = readFileSync(join(dir, 'agent.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l !== '');
  const edited = lines.map((l, i) => {
    const r = JSON.parse(l) as { id: string; model: string; messages: Array<{ tool_calls?: Array<{ function: { name: string } }> }> };
    r.model = MODELS[i % MODELS.length]!;
    if (r.id === 'support-001')
      for (const m of r.messages) for (const c of m.tool_calls ?? []) if (c.function.name === 'lookup_order') c.function.name = TOOL;
    return JSON.stringify(r);
  });
  writeFileSync(join(dir, 'agent.jsonl'), `${edited.join('\n')}\n`);
  // two conversations with one id: the duplicate's problem line names it
  // a bidi control is allowed in an id (it is one line) but shown escaped; an ESC is refused (an id is one printable line)
  writeFileSync(
    join(dir, 'dup.jsonl'),
    `${[lines[0]!, lines[0]!].map((l) => l.replace('"id":"support-001"', '"id":"dup\\u202e"')).join('\n')}\n`,
  );
  writeFileSync(join(dir, 'esc.jsonl'), `${lines[0]!.replace('"id":"support-001"', '"id":"esc\\u001b[31m"')}\n`);
}

const calibrateArgs = () => [
  'calibrate',
  join(dir, 'agent.jsonl'),
  '--pipeline',
  join(dir, 'pipeline.json'),
  '--ledger',
  'external',
  '--ledger-events',
  join(dir, 'review-events.jsonl'),
  '--unlabelled',
  'exclude',
  '--scores',
  join(dir, 'judge-scores.jsonl'),
  '--methods',
  'no-guard,g-carb',
  '--by',
  'model',
  '--splits',
  '5',
  '--workers',
  '1',
  '--out',
  out,
];

describe('names from the logs in the report (issue 21)', { timeout: 120_000 }, () => {
  let calibrate: CliRun;
  beforeAll(async () => {
    calibrate = await runCli(calibrateArgs());
    expect(calibrate.code, calibrate.err).toBe(0);
  }, 120_000);

  it('tables.md: a stratum name keeps its table row (pipe and line break escaped) and opens no HTML tag', () => {
    const md = readFileSync(join(out, 'tables.md'), 'utf8');
    expect(md).not.toMatch(RAW_CONTROL);
    expect(md).not.toMatch(/(^|[^\\])<(img|script)/m);
    // the Episodes table: stratum, episodes (12 per model less its unreviewed conversations), then the folds
    const rows = md.split('\n').filter((l) => l.startsWith('| '));
    expect(rows.some((l) => l.startsWith('| \\<img src=x onerror=alert(1)> | 9 | '))).toBe(true);
    expect(rows.some((l) => l.startsWith('| a\\|b\\\\nc | 11 | '))).toBe(true);
    expect(rows.some((l) => l.startsWith('| \\\\u001b[31mred | 12 | '))).toBe(true);
    expect(rows.some((l) => l.startsWith('| evil\\\\u202eoot | 10 | '))).toBe(true);
    expect(md).toContain('\n### Stratum a\\|b\\\\nc — CRC, in expectation\n');
    // every row of the Episodes table has its four cells: no name adds or splits one
    const episodes = md.slice(md.indexOf('| Stratum | Episodes |'));
    for (const row of episodes.slice(0, episodes.indexOf('\n\n')).split('\n')) expect(row.split(/(?<!\\)\|/).length, row).toBe(6);
  });

  it('index.html and the frontier SVGs: names as text, escapes visible', () => {
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    expect(html).not.toMatch(RAW_CONTROL);
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('<h3>Stratum &lt;img src=x onerror=alert(1)&gt; — CRC, in expectation</h3>');
    expect(html).toContain('<td>a|b\\nc</td>');
    expect(html).toContain('<td>\\u001b[31mred</td>');
    expect(html).toContain('<td>evil\\u202eoot</td>');
    const svgs = readdirSync(out).filter((f) => f.endsWith('.svg'));
    expect(svgs.length).toBe(5);
    for (const f of svgs) expect(readFileSync(join(out, f), 'utf8'), f).not.toMatch(RAW_CONTROL);
    expect(calibrate.out + calibrate.err).not.toMatch(RAW_CONTROL);
  });
});

describe('names from the logs on the terminal (issue 21)', { timeout: 120_000 }, () => {
  it('carb inspect: model and tool names escaped in its tables, one line each', async () => {
    const r = await runCli(['inspect', join(dir, 'agent.jsonl')]);
    expect(r.code, r.err).toBe(0);
    expect(r.out + r.err).not.toMatch(RAW_CONTROL);
    const lines = r.out.split('\n');
    expect(lines.some((l) => /^\\u001b\[31mred \/ none +12 /.test(l))).toBe(true);
    expect(lines.some((l) => /^a\|b\\nc \/ none +12 /.test(l))).toBe(true);
    expect(lines.some((l) => /^evil\\u202eoot \/ none +12 /.test(l))).toBe(true);
    expect(lines.find((l) => l.startsWith('unknown tools: '))).toContain('look\\u001b[2J|<script>\\u202eup\\nforged 1, ');
    expect(lines.some((l) => l.startsWith('forged'))).toBe(false);
  }, 120_000);

  it('carb explain: the tool name escaped in the step line and the context table', async () => {
    const r = await runCli(['explain', join(dir, 'agent.jsonl'), '--episode', 'support-001', '--pipeline', join(dir, 'pipeline.json')]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).not.toMatch(RAW_CONTROL);
    expect(r.out).toMatch(/^step 0 .* look\\u001b\[2J\|<script>\\u202eup\\nforged \{/m);
    expect(r.out).toMatch(/^ +#0 +look\\u001b\[2J\|<script>\\u202eup\\nforged +\[untyped\] +proposal$/m);
  }, 120_000);

  it('a problem line names a hostile id with its escapes', async () => {
    const r = await runCli(['inspect', join(dir, 'dup.jsonl')]);
    expect(r.err).not.toMatch(RAW_CONTROL);
    expect(r.errLines.some((l) => l.startsWith(`${join(dir, 'dup.jsonl')}: dup\\u202e: `))).toBe(true);
    const esc = await runCli(['inspect', join(dir, 'esc.jsonl')]);
    expect(esc.err).not.toMatch(RAW_CONTROL);
    expect(esc.errLines.some((l) => l.startsWith(`${join(dir, 'esc.jsonl')}: `) && l.includes('esc\\u001b[31m'))).toBe(true);
  }, 120_000);
});
