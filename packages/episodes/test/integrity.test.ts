import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tableFromIPC } from 'apache-arrow';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  encodeArrow,
  encodeCorpusJsonl,
  encodeJsonl,
  formatProblem,
  parseCorpusHeader,
  readCorpus,
  type CorpusResult,
} from '@carb/episodes';

// The bundled CES corpus is plain encodeJsonl output (no header), so its file bytes are,
// by the documented definition, what the corpus digest hashes.
const BUNDLED = resolve(dirname(fileURLToPath(import.meta.url)), '../../../corpora/ces-clean.jsonl');
const sha = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');
const tmp = () => mkdtempSync(join(tmpdir(), 'carb-integrity-'));

// As documented: SHA-256 of the whole file, its own 64 digits read as zeros.
function fileSha(b: Uint8Array): string {
  const copy = Buffer.from(b);
  const at = copy.lastIndexOf('"arrowSha256":"') + '"arrowSha256":"'.length;
  copy.fill('0', at, at + 64);
  return sha(copy);
}

/** 300 bytes from a fixed LCG written over `bytes` at `offset`. */
function overwrite(bytes: Uint8Array, offset: number, seed: number): Uint8Array {
  const out = Uint8Array.from(bytes);
  let s = seed >>> 0;
  for (let k = 0; k < 300 && offset + k < out.length; k++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    out[offset + k] = s >>> 24;
  }
  return out;
}

/** The single problem of a refused file, as printed. */
function oneLine(r: CorpusResult, file: string): string {
  expect(r.episodes).toEqual([]);
  expect(r.problems).toHaveLength(1);
  const line = formatProblem(r.problems[0]!);
  expect(line.startsWith(`${file}: `)).toBe(true);
  expect(line).not.toMatch(/\n|\bat .*:\d+:\d+|Error:/);
  return line;
}

describe('Arrow corpus digest', () => {
  const episodes = readCorpus([BUNDLED]).episodes;
  const bytes = encodeArrow(episodes);
  const linesSha = sha(readFileSync(BUNDLED));

  it('carries the corpus digest, equal to the SHA-256 of the canonical JSONL lines; an untouched file reads fine', () => {
    expect(episodes).toHaveLength(160);
    const header: unknown = JSON.parse(tableFromIPC(bytes).schema.metadata.get('carb.corpus')!);
    expect(header).toEqual({ carbCorpus: 1, episodes: 160, sha256: linesSha, arrowSha256: fileSha(bytes) });
    const file = join(tmp(), 'c.arrow');
    writeFileSync(file, bytes);
    const r = readCorpus([file]);
    expect(r.problems).toEqual([]);
    expect(encodeJsonl(r.episodes)).toBe(readFileSync(BUNDLED, 'utf8'));
  });

  it('300 overwritten bytes at several offsets: one line naming the file, nothing read', () => {
    const dir = tmp();
    const expected = fileSha(bytes);
    for (const offset of [5000, Math.floor(bytes.length / 4), Math.floor(bytes.length / 2), Math.floor((bytes.length * 3) / 4)]) {
      const damaged = overwrite(bytes, offset, offset);
      const file = join(dir, `at-${offset}.arrow`);
      writeFileSync(file, damaged);
      const r = readCorpus([file]);
      expect(oneLine(r, file)).toBe(
        `${file}: corpus digest: expected sha256 ${expected} of the file bytes, found ${fileSha(damaged)} (file altered after carb wrote it)`,
      );
      expect(r.summary.skipped).toEqual({ 'corpus-digest': 1 });
    }
    // Hitting the first messages (dictionaries) or the footer, arrow-js cannot read the file at all.
    for (const offset of [8, 1000, bytes.length - 300]) {
      const file = join(dir, `at-${offset}.arrow`);
      writeFileSync(file, overwrite(bytes, offset, offset));
      const r = readCorpus([file]);
      expect(oneLine(r, file)).toBe(
        `${file}: expected an Arrow IPC file of episodes, found bytes that do not decode as one (damaged, truncated or not Arrow)`,
      );
      expect(r.summary.skipped).toEqual({ 'malformed-arrow': 1 });
    }
  });

  it('a changed content digest is caught after decoding, naming both digests', () => {
    // Forged consistently: the content digest changed and the file digest recomputed.
    const forged = Buffer.from(bytes);
    const at = forged.lastIndexOf(`"sha256":"${linesSha}"`) + '"sha256":"'.length;
    forged.write('f'.repeat(64), at, 'latin1');
    const digits = forged.lastIndexOf('"arrowSha256":"') + '"arrowSha256":"'.length;
    forged.write(fileSha(forged), digits, 'latin1');
    const file = join(tmp(), 'forged.arrow');
    writeFileSync(file, forged);
    expect(oneLine(readCorpus([file]), file)).toBe(
      `${file}: corpus digest: expected sha256 ${'f'.repeat(64)}, found ${linesSha} (file altered after carb wrote it)`,
    );
  });

  it('an Arrow file without the carb header is refused as one line', () => {
    const forged = Uint8Array.from(bytes);
    const at = Buffer.from(bytes).lastIndexOf('carb.corpus');
    forged.set(Buffer.from('carb.xorpus'), at);
    const file = join(tmp(), 'nohdr.arrow');
    writeFileSync(file, forged);
    expect(oneLine(readCorpus([file]), file)).toBe(
      `${file}: corpus digest: expected the carb corpus header in the Arrow schema metadata (key carb.corpus), found none (not written by carb, or damaged)`,
    );
  });

  it('any 300 overwritten bytes give exactly one line and no episode (fast-check, fixed seed)', () => {
    const file = join(tmp(), 'f.arrow');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: bytes.length - 1 }), fc.integer(), (offset, seed) => {
        writeFileSync(file, overwrite(bytes, offset, seed));
        oneLine(readCorpus([file]), file);
      }),
      { seed: 8, numRuns: 60 },
    );
  });
});

describe('JSONL corpus digest', () => {
  const episodes = readCorpus([BUNDLED]).episodes;
  const body = readFileSync(BUNDLED, 'utf8');
  const text = encodeCorpusJsonl(episodes);

  it('is a header line with the SHA-256 of the lines below it; an untouched file reads fine', () => {
    expect(text).toBe(`{"carbCorpus":1,"episodes":160,"sha256":"${sha(body)}"}\n${body}`);
    const file = join(tmp(), 'c.jsonl');
    writeFileSync(file, text);
    const r = readCorpus([file]);
    expect(r.problems).toEqual([]);
    expect(r.episodes).toEqual(episodes);
  });

  it('an edited line: one line naming the file, nothing read', () => {
    const lines = text.split('\n');
    lines[5] = lines[5]!.replace('"taskCompleted":true', '"taskCompleted":false');
    const edited = lines.join('\n');
    expect(edited).not.toBe(text);
    const file = join(tmp(), 'edited.jsonl');
    writeFileSync(file, edited);
    const r = readCorpus([file]);
    expect(oneLine(r, file)).toBe(
      `${file}: corpus digest: expected sha256 ${sha(body)}, found ${sha(edited.slice(edited.indexOf('\n') + 1))} (file altered after carb wrote it)`,
    );
    expect(r.summary.skipped).toEqual({ 'corpus-digest': 1 });
  });

  it('a damaged header, or a header whose count disagrees, is one line', () => {
    const dir = tmp();
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, text.replace(`"sha256":"${sha(body)}"`, '"sha256":"xyz"'));
    expect(oneLine(readCorpus([bad]), bad)).toBe(
      `${bad}: line 1: /sha256: expected the corpus digest (64 hex digits), found string "xyz" (file altered after carb wrote it)`,
    );
    const count = join(dir, 'count.jsonl');
    writeFileSync(count, text.replace('"episodes":160', '"episodes":161'));
    expect(oneLine(readCorpus([count]), count)).toBe(
      `${count}: corpus digest: expected 161 episodes (corpus header), found 160 (file altered after carb wrote it)`,
    );
  });

  it('third-party JSONL (no header) still reads, line numbers as in the file', () => {
    const file = join(tmp(), 'plain.jsonl');
    writeFileSync(file, `${body}{"id": 1}\n`);
    const r = readCorpus([file]);
    expect(r.episodes).toEqual(episodes);
    expect(r.problems.map((p) => p.record)).toEqual(['line 161']);
  });
});

// Issue 27: the corpus header (JSONL line 1, Arrow metadata carb.corpus) is checked against
// configs/schema/corpus-header.schema.json: one line naming the file, the record, the key and what was expected.
describe('parseCorpusHeader', () => {
  const SHA = 'a'.repeat(64);
  /** The message parseCorpusHeader refuses `header` with (an AdapterError, reason corpus-digest). */
  const refusal = (header: unknown, arrow = false): string => {
    try {
      parseCorpusHeader(JSON.stringify(header), 'c.jsonl', 'line 1', arrow);
    } catch (e) {
      expect((e as { reason?: unknown }).reason).toBe('corpus-digest');
      return (e as Error).message;
    }
    throw new Error('expected a refusal');
  };

  it('reads the header carb writes', () => {
    expect(parseCorpusHeader(`{"carbCorpus":1,"episodes":3,"sha256":"${SHA}"}`, 'c.jsonl', 'line 1')).toEqual({
      carbCorpus: 1,
      episodes: 3,
      sha256: SHA,
    });
  });

  it('names the key and the JSON type it found: a count that is not an integer, a format that is a string', () => {
    expect(refusal({ carbCorpus: 1, episodes: 1.5, sha256: SHA })).toBe(
      'c.jsonl: line 1: /episodes: expected an episode count (an integer ≥ 0), found number 1.5 (file altered after carb wrote it)',
    );
    // a string "1" is not the header of another carb version (the number 2 would be)
    expect(refusal({ carbCorpus: '1', episodes: 3, sha256: SHA })).toBe(
      'c.jsonl: line 1: /carbCorpus: expected carb corpus format 1, found string "1" (file altered after carb wrote it)',
    );
    expect(refusal({ carbCorpus: 2, episodes: 3, sha256: SHA })).toBe(
      'c.jsonl: line 1: expected carb corpus format 1, found "2" (written by another carb version)',
    );
  });

  it('an Arrow header needs the file digest, a JSONL header has none', () => {
    expect(refusal({ carbCorpus: 1, episodes: 3, sha256: SHA }, true)).toBe(
      'c.jsonl: line 1: /arrowSha256: expected the file digest of an Arrow corpus (64 hex digits), found nothing (file altered after carb wrote it)',
    );
    // the value quoted as schema messages quote it: at most 60 characters (the opening quote, 56 digits, ...)
    expect(refusal({ carbCorpus: 1, episodes: 3, sha256: SHA, arrowSha256: SHA })).toBe(
      `c.jsonl: line 1: /arrowSha256: expected no file digest in a JSONL corpus header (only carbCorpus, episodes, sha256), found string "${'a'.repeat(56)}... (file altered after carb wrote it)`,
    );
  });
});
