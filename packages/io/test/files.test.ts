import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  OUTPUT_MARKER,
  claimOutputFolder,
  fileHead,
  lockPathFor,
  lstatOrNull,
  removeOnSignal as sharedRemoveOnSignal,
  tempPathFor,
  writeDirAtomic,
  writeFileAtomic,
} from '../src/index.ts';

const tmp = mkdtempSync(join(tmpdir(), 'carb-io-files-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('tempPathFor', () => {
  it('hidden, beside the file, with the pid, a random 8-hex tag and the suffix', () => {
    const p = tempPathFor('/a/b/out.jsonl', '.gz');
    expect(p).toMatch(new RegExp(`^/a/b/\\.out\\.jsonl\\.${process.pid}-[0-9a-f]{8}\\.gz\\.tmp$`));
    expect(tempPathFor('/a/b/out.jsonl')).not.toBe(tempPathFor('/a/b/out.jsonl'));
  });
});

describe('writeFileAtomic', () => {
  it('creates missing folders, replaces a file whole and leaves no temporary', () => {
    const file = join(tmp, 'w', 'deep', 'f.txt');
    writeFileAtomic(file, 'first, longer');
    writeFileAtomic(file, new Uint8Array([104, 105]));
    expect(readFileSync(file, 'utf8')).toBe('hi');
    expect(readdirSync(join(tmp, 'w', 'deep'))).toEqual(['f.txt']);
  });
});

describe('writeDirAtomic', () => {
  it('writes every entry (subfolders included) and replaces the folder whole', async () => {
    const dir = join(tmp, 'd');
    await writeDirAtomic(dir, [
      ['a.txt', 'A'],
      ['sub/b.txt', 'B'],
    ]);
    await writeDirAtomic(dir, [['c.txt', 'C']]);
    expect(readdirSync(dir)).toEqual(['c.txt']);
    expect(readFileSync(join(dir, 'c.txt'), 'utf8')).toBe('C');
    expect(readdirSync(tmp).filter((n) => n.includes('carb-staging') || n.includes('carb-previous'))).toEqual([]);
  });

  it('refuses a path outside the folder, a file as target, and a folder `replaceable` rejects; the target stays', async () => {
    const dir = join(tmp, 'e');
    await writeDirAtomic(dir, [['keep.txt', 'K']]);
    await expect(writeDirAtomic(dir, [['../x.txt', 'X']])).rejects.toThrow(`${dir}: "../x.txt" is not a path inside the folder`);
    await expect(writeDirAtomic(dir, [['y.txt', 'Y']], { replaceable: () => false })).rejects.toThrow(
      /refusing to replace a non-empty folder/,
    );
    expect(readdirSync(dir)).toEqual(['keep.txt']);
    writeFileSync(join(tmp, 'plain'), '');
    await expect(writeDirAtomic(join(tmp, 'plain'), [])).rejects.toThrow('expected a folder to write into, found a file');
  });

  it('puts back the previous folder a killed run set aside, and removes its staging folder', async () => {
    const dir = join(tmp, 'f');
    // pid 2^22 + 1 is above Linux's pid_max default: no live process owns these
    mkdirSync(join(tmp, '.f.carb-previous-4194305'));
    writeFileSync(join(tmp, '.f.carb-previous-4194305', 'old.txt'), 'O');
    mkdirSync(join(tmp, '.f.carb-staging-4194305'));
    await writeDirAtomic(dir, [['new.txt', 'N']]);
    expect(readdirSync(dir)).toEqual(['new.txt']);
    expect(existsSync(join(tmp, '.f.carb-staging-4194305'))).toBe(false);
    expect(existsSync(join(tmp, '.f.carb-previous-4194305'))).toBe(false);
  });
});

describe('lockPathFor and lstatOrNull', () => {
  it('the lock is hidden beside the target, narrowed by a part', () => {
    expect(lockPathFor('/x/out')).toBe('/x/.out.carb-lock');
    expect(lockPathFor('/x/out', 'shard-1')).toBe('/x/.out.carb-lock-shard-1');
  });

  it('lstatOrNull: null for nothing, the link itself for a link', () => {
    expect(lstatOrNull(join(tmp, 'none'))).toBeNull();
    symlinkSync(join(tmp, 'none'), join(tmp, 'dangling'));
    expect(lstatOrNull(join(tmp, 'dangling'))!.isSymbolicLink()).toBe(true);
  });
});

describe('claimOutputFolder', () => {
  it('locks a new folder for the run and refuses a folder carb did not write, naming it', () => {
    const dir = join(tmp, 'claim');
    const release = claimOutputFolder(dir, { kind: 'report' });
    expect(existsSync(lockPathFor(dir))).toBe(true);
    release();
    expect(existsSync(lockPathFor(dir))).toBe(false);
    mkdirSync(join(tmp, 'users'));
    writeFileSync(join(tmp, 'users', 'notes.txt'), 'mine');
    expect(() => claimOutputFolder(join(tmp, 'users'), { kind: 'report' })).toThrow(
      `${join(tmp, 'users')} is a non-empty folder carb did not write (no ${OUTPUT_MARKER})`,
    );
  });
});

describe('fileHead', () => {
  it('the first bytes, fewer when the file is shorter', () => {
    writeFileSync(join(tmp, 'head'), 'abcdef');
    expect(fileHead(join(tmp, 'head'), 3).toString()).toBe('abc');
    expect(fileHead(join(tmp, 'head'), 100).toString()).toBe('abcdef');
  });
});

describe('removeOnSignal', () => {
  it('listens to SIGINT, SIGTERM and SIGHUP while a path is registered, and stops when the last is forgotten', async () => {
    // a module instance of its own (the query names a second one): files that ran before in this thread (the
    // fast project is not isolated) may still hold a path registered with the shared one, whose handler then listens
    const own = '../src/signalCleanup.ts?own';
    const { removeOnSignal } = (await import(own)) as typeof import('../src/signalCleanup.ts');
    expect(removeOnSignal).not.toBe(sharedRemoveOnSignal);
    const before = ['SIGINT', 'SIGTERM', 'SIGHUP'].map((s) => process.listenerCount(s));
    const forgetA = removeOnSignal(join(tmp, 'a.tmp'));
    const forgetB = removeOnSignal(join(tmp, 'b.tmp'));
    expect(['SIGINT', 'SIGTERM', 'SIGHUP'].map((s) => process.listenerCount(s))).toEqual(before.map((n) => n + 1));
    forgetA();
    forgetB();
    expect(['SIGINT', 'SIGTERM', 'SIGHUP'].map((s) => process.listenerCount(s))).toEqual(before);
  });
});
