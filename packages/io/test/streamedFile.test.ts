import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StreamedFile, TempFile, removeStaleTemps } from '../src/index.ts';

const tmp = mkdtempSync(join(tmpdir(), 'carb-io-streamed-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('StreamedFile', () => {
  it('text and bytes in order; the target appears only at finish, with nothing left beside it', () => {
    const dir = join(tmp, 'a');
    const file = new StreamedFile(join(dir, 'out.txt'));
    file.write('héllo ');
    const buf = Buffer.from('wor');
    file.write(buf);
    buf.fill(0); // bytes are written at once: the caller may reuse its buffer
    file.write('ld\n');
    expect(existsSync(join(dir, 'out.txt'))).toBe(false);
    expect(readdirSync(dir)).toHaveLength(1);
    file.finish();
    expect(readFileSync(join(dir, 'out.txt'), 'utf8')).toBe('héllo world\n');
    expect(readdirSync(dir)).toEqual(['out.txt']);
  });

  it('the temporary is named as tempPathFor names it (hidden, beside the target, removable by removeStaleTemps)', () => {
    const dir = join(tmp, 'b');
    const file = new StreamedFile(join(dir, 'c.jsonl'), '.gz');
    expect(file.path.startsWith(join(dir, `.c.jsonl.${process.pid}-`))).toBe(true);
    expect(file.path.endsWith('.gz.tmp')).toBe(true);
    file.close();
    expect(removeStaleTemps(join(dir, 'c.jsonl'))).toHaveLength(1);
  });

  it('abort leaves the old file as it was and removes the temporary', () => {
    const dir = join(tmp, 'c');
    const target = join(dir, 'keep.txt');
    const file = new StreamedFile(target);
    writeFileSync(target, 'old');
    file.write('new');
    file.abort();
    expect(readFileSync(target, 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['keep.txt']);
  });

  it('replaces an earlier file whole', () => {
    const target = join(tmp, 'd.txt');
    writeFileSync(target, 'a much longer earlier content');
    const file = new StreamedFile(target);
    file.write('short');
    file.finish();
    expect(readFileSync(target, 'utf8')).toBe('short');
  });
});

describe('TempFile', () => {
  it('holds what was written once closed; remove() deletes it', () => {
    const scratch = new TempFile(join(tmp, 'e', 'corpus.jsonl'), '.body');
    scratch.write('x'.repeat(5));
    scratch.write('\n');
    scratch.close();
    expect(readFileSync(scratch.path, 'utf8')).toBe('xxxxx\n');
    scratch.remove();
    expect(existsSync(scratch.path)).toBe(false);
    expect(readdirSync(join(tmp, 'e'))).toEqual([]);
  });
});
