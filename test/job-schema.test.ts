import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../packages/cli/test/runCli.ts';

// carb main's job file is checked against configs/schema/job.schema.json before anything runs: one line per problem
// naming the file, exit 2, nothing written. Before, a section without `splits` or with a misspelt method ran on.
describe('carb main --job: the job file against its schema', () => {
  it('a section with a misspelt method and a misspelt key (split for splits): one line each, exit 2, no output folder', async () => {
    const root = mkdtempSync(join(tmpdir(), 'carb-job-schema-'));
    const job = {
      title: 't',
      pipeline: 'configs/pipelines/default.json',
      out: 'out',
      sections: [{ slug: 'one', title: 'One', corpus: 'c.jsonl', dataset: 'ces-clean', methods: ['g-crab'], split: 3 }],
    };
    writeFileSync(join(root, 'job.json'), JSON.stringify(job));
    const file = join(root, 'job.json');
    const run = await runCli(['main', '--job', 'job.json', '--root', root]);
    expect(run.code).toBe(2);
    expect(run.errLines).toEqual([
      `carb: --job: ${file}: /sections/0/split: unknown key (number 3); did you mean "splits"?`,
      `carb: --job: ${file}: /sections/0/methods/0: expected one of "no-guard", "executed-step-crc", "ledger-current", "full-prefix", "fixed-window-4", "equal-size-random", "g-carb", found string "g-crab" (did you mean "g-carb"?)`,
    ]);
    expect(readdirSync(root)).toEqual(['job.json']);
  }, 120_000);

  it('the bundled default job passes its schema (a section is read as before)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'carb-job-schema-'));
    // --section of a slug the job does not have: refused after the job file is read, naming the job's slugs
    const run = await runCli(['main', '--section', 'nope', '--out', join(root, 'o')]);
    expect(run.code).toBe(2);
    expect(run.errLines).toEqual([
      'carb: --section: expected one of agentdojo-gpt-4o, ces-clean, ces-near-miss, graph-braid (the sections of configs/jobs/default.json), found nope',
    ]);
  }, 120_000);
});
