import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeCorpusJsonl, readCorpus } from '@carb/episodes';
import { runCli } from '../packages/cli/test/runCli.ts';
import { ROOT } from './helpers/shared.ts';

const TOOLS = join(ROOT, 'configs/tools/suites.json');
const GRAPH = join(ROOT, 'corpora/graph-braid.jsonl');
const sha = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');

afterEach(() => {
  process.exitCode = 0;
});

describe('carb ingest streams JSONL out', { timeout: 120_000 }, () => {
  it('a .jsonl.gz of 2,000 episodes (two batches) gives the header-first corpus of the plain file, and leaves no temporary file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'carb-stream-ingest-'));
    const gz = join(dir, 'g.jsonl.gz');
    writeFileSync(gz, gzipSync(readFileSync(GRAPH)));
    const out = join(dir, 'out.jsonl');
    const r = await runCli(['ingest', gz, '--out', out, '--tools', TOOLS]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const body = readFileSync(GRAPH, 'utf8');
    // the bundled file is plain canonical JSONL: its SHA-256 is the corpus digest
    expect(readFileSync(out, 'utf8') === `{"carbCorpus":1,"episodes":2000,"sha256":"${sha(body)}"}\n${body}`).toBe(true);
    expect(readFileSync(out, 'utf8') === encodeCorpusJsonl(readCorpus([GRAPH]).episodes)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['g.jsonl.gz', 'out.jsonl']);
  });

  it('--strict with a problem, or an input refused mid-stream: exit 1, nothing written, no temporary file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'carb-stream-ingest-'));
    const bad = join(dir, 'in.jsonl');
    writeFileSync(bad, `${readFileSync(GRAPH, 'utf8')}not json\n`);
    const strict = await runCli(['ingest', bad, '--out', join(dir, 'o.jsonl'), '--strict', '--tools', TOOLS]);
    expect(strict.code).toBe(1);
    expect(strict.errLines).toEqual([
      `${bad}: line 2001: malformed JSON (Unexpected token 'o', "not json" is not valid JSON)`,
      'carb: 1 problem(s) in the input (--strict); nothing written',
    ]);

    const edited = join(dir, 'e.jsonl');
    writeFileSync(edited, encodeCorpusJsonl(readCorpus([GRAPH]).episodes).replace('"ok":true', '"ok":false'));
    const refused = await runCli(['ingest', edited, '--out', join(dir, 'o.jsonl'), '--tools', TOOLS]);
    expect(refused.code).toBe(1);
    expect(refused.errLines).toHaveLength(2);
    expect(refused.errLines[0]).toMatch(
      new RegExp(
        `^${edited.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: corpus digest: expected sha256 [0-9a-f]{64}, found [0-9a-f]{64} \\(file altered after carb wrote it\\)$`,
      ),
    );
    expect(refused.errLines[1]).toBe(
      `carb: ${edited} failed its integrity check after its episodes were read: the input is refused; nothing written`,
    );
    expect(readdirSync(dir).sort()).toEqual(['e.jsonl', 'in.jsonl']);
  });
});
