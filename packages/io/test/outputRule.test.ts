import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  OUTPUT_MARKER,
  OutputLockedError,
  lockOutput,
  outputFileProblem,
  outputFolderProblem,
  outputMarkerText,
  outputLocationProblem,
  readOutputMarker,
  removeStaleTemps,
  writeOutputFolder,
  type OutputRule,
} from '../src/index.ts';
import { writeFailure } from '../src/writeFailure.ts';

const tmp = mkdtempSync(join(tmpdir(), 'carb-io-rule-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let n = 0;
/** A fresh folder holding `files` (relative path → text). */
function folder(files: Record<string, string> = {}): string {
  const dir = join(tmp, `f${n++}`);
  mkdirSync(dir, { recursive: true });
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(join(dir, f, '..'), { recursive: true });
    writeFileSync(join(dir, f), text);
  }
  return dir;
}
const REPORT: OutputRule = { kind: 'report' };
const SWEEP: OutputRule = { kind: 'sweep', incremental: true };

describe('the output marker', () => {
  it('is canonical JSON: kind and the sorted files, the marker itself not listed', () => {
    expect(outputMarkerText('report', ['b.txt', OUTPUT_MARKER, 'a/c.txt'])).toBe('{"carbOutput":"report","files":["a/c.txt","b.txt"]}\n');
    expect(outputMarkerText('sweep')).toBe('{"carbOutput":"sweep"}\n');
  });

  it('is read back; a marker that is no marker reads as none', () => {
    expect(readOutputMarker(folder({ [OUTPUT_MARKER]: '{"carbOutput":"audit","files":["x"]}' }))).toEqual({ kind: 'audit', files: ['x'] });
    expect(readOutputMarker(folder({ [OUTPUT_MARKER]: '{"carbOutput":3}' }))).toBeNull();
    // configs/schema/output-marker.schema.json: a file list of non-strings, or a key carb never writes, is no marker
    expect(readOutputMarker(folder({ [OUTPUT_MARKER]: '{"carbOutput":"audit","files":[1]}' }))).toBeNull();
    expect(readOutputMarker(folder({ [OUTPUT_MARKER]: '{"carbOutput":"audit","owner":"me"}' }))).toBeNull();
    expect(readOutputMarker(folder({ [OUTPUT_MARKER]: '{"carbOutput":"audit"}' }))).toEqual({ kind: 'audit', files: null });
    expect(readOutputMarker(folder({ [OUTPUT_MARKER]: 'not json' }))).toBeNull();
    expect(readOutputMarker(folder({ 'manifest.json': '{"carbOutput":"report"}' }))).toBeNull();
  });
});

describe('outputFolderProblem', () => {
  it('allows a missing or empty folder', () => {
    expect(outputFolderProblem(join(tmp, 'absent'), REPORT)).toBeNull();
    expect(outputFolderProblem(folder(), REPORT)).toBeNull();
  });

  it('allows a folder carb wrote for the same kind, holding only what it wrote', () => {
    const dir = folder({ 'a.txt': 'a', 'sub/b.txt': 'b', [OUTPUT_MARKER]: outputMarkerText('report', ['a.txt', 'sub/b.txt']) });
    expect(outputFolderProblem(dir, REPORT)).toBeNull();
  });

  it('refuses a folder without the marker, whatever it holds (a manifest.json, an index.html)', () => {
    const dir = folder({ 'manifest.json': '{"outputs":{}}', 'index.html': '<p>' });
    expect(outputFolderProblem(dir, REPORT)).toBe(
      `${dir} is a non-empty folder carb did not write (no ${OUTPUT_MARKER}); carb replaces only folders it wrote, so choose a new or empty one`,
    );
  });

  it('refuses a carb folder of another kind', () => {
    const dir = folder({ 'a.txt': 'a', [OUTPUT_MARKER]: outputMarkerText('audit', ['a.txt']) });
    expect(outputFolderProblem(dir, REPORT)).toBe(
      `${dir} holds carb audit output; expected a new or empty folder, or one carb report wrote`,
    );
  });

  it('refuses a carb folder the user added a file (or an empty folder) to, naming it', () => {
    const dir = folder({ 'a.txt': 'a', 'notes/mine.md': 'm', [OUTPUT_MARKER]: outputMarkerText('report', ['a.txt']) });
    expect(outputFolderProblem(dir, REPORT)).toBe(
      `${dir}: holds notes, which carb did not write there; the folder is replaced whole, so move it out or choose another folder`,
    );
    const empty = folder({ 'a.txt': 'a', [OUTPUT_MARKER]: outputMarkerText('report', ['a.txt']) });
    mkdirSync(join(empty, 'mine'));
    expect(outputFolderProblem(empty, REPORT)).toContain(': holds mine, which carb did not write there');
  });

  it('refuses a symbolic link as the folder, and one anywhere inside (incremental folders too)', () => {
    const real = folder();
    const link = join(tmp, 'link');
    symlinkSync(real, link);
    expect(outputFolderProblem(link, REPORT)).toMatch(new RegExp(`^${link} is a symbolic link; carb never writes through links`));
    const sweep = folder({ 'sweep.json': '{}' });
    symlinkSync(folder(), join(sweep, 'conditions'));
    expect(outputFolderProblem(sweep, { ...SWEEP, recognise: () => [] })).toBe(
      `${sweep}: conditions is a symbolic link; carb never writes through links, so remove it or choose another folder`,
    );
  });

  it("a folder without the marker is carb's when the rule recognises it (earlier versions; a sweep record)", () => {
    const dir = folder({ 'sweep.json': '{}', 'conditions/x.json': '{}', 'mine.txt': 'kept' });
    expect(outputFolderProblem(dir, { ...SWEEP, recognise: () => [] })).toBeNull(); // incremental: nothing is removed there
    expect(outputFolderProblem(dir, { ...REPORT, recognise: () => ['sweep.json', 'conditions/x.json'] })).toContain(': holds mine.txt');
    expect(outputFolderProblem(dir, { ...REPORT, recognise: () => null })).toContain('carb did not write');
  });

  it('refuses a file', () => {
    const dir = folder({ f: 'x' });
    expect(outputFolderProblem(join(dir, 'f'), REPORT)).toBe(
      `${join(dir, 'f')} is a file; expected a new or empty folder, or one carb report wrote`,
    );
  });

  it('refuses a path through a file (--out notes.txt/report), naming the file; a path through a link to a folder is fine', () => {
    const dir = folder({ 'notes.txt': 'x' });
    const through = (p: string) => `${p}: expected ${join(dir, 'notes.txt')} to be a folder (the path goes through it), found a file`;
    expect(outputFolderProblem(join(dir, 'notes.txt', 'report'), REPORT)).toBe(through(join(dir, 'notes.txt', 'report')));
    expect(outputFolderProblem(join(dir, 'notes.txt', 'a', 'b'), REPORT)).toBe(through(join(dir, 'notes.txt', 'a', 'b')));
    expect(outputFileProblem(join(dir, 'notes.txt', 'x.arrow'), 'a corpus', () => true)).toBe(through(join(dir, 'notes.txt', 'x.arrow')));
    expect(outputLocationProblem(join(dir, 'new', 'deeper', 'report'))).toBeNull();
    symlinkSync(dir, join(tmp, 'linked'));
    expect(outputFolderProblem(join(tmp, 'linked', 'new', 'report'), REPORT)).toBeNull();
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('x');
  });

  it('refuses a name that leaves no room for the lock and temporary files beside it (191 bytes at most, counted in UTF-8)', () => {
    const dir = folder();
    const fits = 'r'.repeat(191);
    expect(outputFolderProblem(join(dir, fits), REPORT)).toBeNull();
    expect(outputFileProblem(join(dir, `${'c'.repeat(185)}.jsonl`), 'a corpus', () => true)).toBeNull();
    const long = 'é'.repeat(96);
    expect(outputFolderProblem(join(dir, long), REPORT)).toBe(
      `${join(dir, long)}: expected a name of at most 191 bytes (a file system allows 255, and carb adds up to 64 for the lock and temporary files beside it), found 192`,
    );
    // the longest of those beside a 191-byte name is made: its lock, and a gzip corpus's temporary of a temporary
    const release = lockOutput(join(dir, fits));
    release();
    writeFileSync(join(dir, `..${fits}.4194304-0a1b2c3d.plain.jsonl.tmp.4194304-0a1b2c3d.body.tmp`), '');
  });
});

describe('writeOutputFolder', () => {
  it('writes the files and the marker listing them; replaces its own folder; refuses a foreign one untouched', async () => {
    const dir = join(tmp, 'w');
    await writeOutputFolder(dir, REPORT, [
      ['a.txt', 'a1'],
      ['sub/b.txt', 'b1'],
    ]);
    expect(readdirSync(dir).sort()).toEqual([OUTPUT_MARKER, 'a.txt', 'sub']);
    expect(readFileSync(join(dir, OUTPUT_MARKER), 'utf8')).toBe('{"carbOutput":"report","files":["a.txt","sub/b.txt"]}\n');
    await writeOutputFolder(dir, REPORT, new Map([['c.txt', 'c']]));
    expect(readdirSync(dir).sort()).toEqual([OUTPUT_MARKER, 'c.txt']);
    const foreign = folder({ 'thesis.tex': 'mine' });
    await expect(writeOutputFolder(foreign, REPORT, [['a.txt', 'a']])).rejects.toThrow(
      `${foreign} is a non-empty folder carb did not write`,
    );
    expect(readdirSync(foreign)).toEqual(['thesis.tex']);
    expect(readdirSync(tmp).filter((f) => f.includes('carb-lock') || f.includes('staging'))).toEqual([]);
  });

  it('takes files as they are made (an async iterable, its marker included); one failing or a missing marker leaves the folder as it was', async () => {
    const dir = join(tmp, 'made');
    async function* made(marker: boolean, fail: boolean): AsyncGenerator<readonly [string, string]> {
      yield ['a.txt', 'a'];
      await new Promise((r) => setTimeout(r, 5));
      if (fail) throw new Error('the render failed');
      yield ['b.txt', 'b'];
      if (marker) yield [OUTPUT_MARKER, outputMarkerText('report', ['a.txt', 'b.txt'])];
    }
    await writeOutputFolder(dir, REPORT, made(true, false));
    expect(readdirSync(dir).sort()).toEqual([OUTPUT_MARKER, 'a.txt', 'b.txt']);
    expect(readFileSync(join(dir, OUTPUT_MARKER), 'utf8')).toBe('{"carbOutput":"report","files":["a.txt","b.txt"]}\n');
    writeFileSync(join(dir, 'a.txt'), 'kept');
    await expect(writeOutputFolder(dir, REPORT, made(true, true))).rejects.toThrow('the render failed');
    await expect(writeOutputFolder(dir, REPORT, made(false, false))).rejects.toThrow(
      `writeOutputFolder: files given as they are made must include ${OUTPUT_MARKER}; found none`,
    );
    expect(readdirSync(dir).sort()).toEqual([OUTPUT_MARKER, 'a.txt', 'b.txt']);
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe('kept');
    expect(readdirSync(tmp).filter((f) => f.includes('carb-lock') || f.includes('staging'))).toEqual([]);
  });

  it('a write the system refuses is one line naming the folder and the file (not the staging path), the folder left as it was', async () => {
    const dir = join(tmp, 'refused');
    // the file a.txt, then a.txt/b.txt: the system refuses the second (ENOTDIR, or EEXIST making the folder)
    const attempt = writeOutputFolder(dir, REPORT, [
      ['a.txt', 'a'],
      ['a.txt/b.txt', 'b'],
    ]);
    await expect(attempt).rejects.toThrow(new RegExp(`^${dir}: expected to write a\\.txt/b\\.txt, found .+; ${dir} left as it was$`));
    await expect(attempt).rejects.toHaveProperty('code');
    expect(existsSync(dir)).toBe(false);
    expect(readdirSync(tmp).filter((f) => f.includes('carb-lock') || f.includes('staging'))).toEqual([]);
  });
});

describe('writeFailure', () => {
  const errno = (code: string, message: string) => Object.assign(new Error(message), { code });
  it("words the system's refusals users act on, keeps the code, and passes any other error through", () => {
    const full = writeFailure('out/rep', 'splits.arrow', errno('ENOSPC', 'ENOSPC: no space left on device, write'));
    expect((full as Error).message).toBe(
      'out/rep: expected to write splits.arrow, found no space left on the device (ENOSPC); out/rep left as it was',
    );
    expect(full).toHaveProperty('code', 'ENOSPC');
    const quota = writeFailure('x.jsonl', 'it', errno('EDQUOT', 'EDQUOT: disk quota exceeded, write'));
    expect((quota as Error).message).toBe('x.jsonl: expected to write it, found the disk quota exceeded (EDQUOT); x.jsonl left as it was');
    const odd = writeFailure('x.jsonl', 'it', errno('EMLINK', 'EMLINK: too many links, mkdir'));
    expect((odd as Error).message).toBe('x.jsonl: expected to write it, found EMLINK: too many links, mkdir; x.jsonl left as it was');
    const bug = new TypeError('x is not a function');
    expect(writeFailure('x.jsonl', 'it', bug)).toBe(bug);
  });
});

describe('lockOutput', () => {
  it('one holder at a time: a live holder is refused with one line naming the target; released, it can be taken again', () => {
    const target = join(tmp, 'locked');
    writeFileSync(join(tmp, '.locked.carb-lock'), `1 ${hostname()}\n`); // pid 1 is alive
    expect(() => lockOutput(target)).toThrow(OutputLockedError);
    expect(() => lockOutput(target)).toThrow(
      `${target}: another carb run (pid 1 on ${hostname()}) is writing it; wait for it to end, or remove ${join(tmp, '.locked.carb-lock')} if that run is gone`,
    );
    rmSync(join(tmp, '.locked.carb-lock'));
    const release = lockOutput(target);
    expect(readFileSync(join(tmp, '.locked.carb-lock'), 'utf8')).toBe(`${process.pid} ${hostname()}\n`);
    const inner = lockOutput(target); // the same process again (a command, then its writer): allowed
    inner();
    expect(existsSync(join(tmp, '.locked.carb-lock'))).toBe(true);
    release();
    expect(existsSync(join(tmp, '.locked.carb-lock'))).toBe(false);
  });

  it('takes over the lock of a dead process on this host, not one of another host', () => {
    const target = join(tmp, 'stale');
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(join(tmp, '.stale.carb-lock'), `${dead} ${hostname()}\n`);
    lockOutput(target)();
    writeFileSync(join(tmp, '.stale.carb-lock'), `${dead} not-${hostname()}\n`);
    expect(() => lockOutput(target)).toThrow(OutputLockedError);
  }, 60_000);

  it('parts lock separately (shards of one folder)', () => {
    const target = join(tmp, 'parts');
    const a = lockOutput(target, 'shard-0-of-2');
    const b = lockOutput(target, 'shard-1-of-2');
    expect(
      readdirSync(tmp)
        .filter((f) => f.startsWith('.parts.'))
        .sort(),
    ).toEqual(['.parts.carb-lock-shard-0-of-2', '.parts.carb-lock-shard-1-of-2']);
    a();
    b();
  });
});

describe('files written whole', () => {
  it('outputFileProblem: absent or recognised is fine; anything else is refused with one line', () => {
    const dir = folder({ 'mine.jsonl': 'x', 'carb.jsonl': 'carb' });
    const isCarbs = (f: string) => readFileSync(f, 'utf8') === 'carb';
    expect(outputFileProblem(join(dir, 'new.jsonl'), 'a corpus', isCarbs)).toBeNull();
    expect(outputFileProblem(join(dir, 'carb.jsonl'), 'a corpus', isCarbs)).toBeNull();
    expect(outputFileProblem(join(dir, 'mine.jsonl'), 'a corpus', isCarbs)).toBe(
      `${join(dir, 'mine.jsonl')} exists and is not a corpus carb wrote; carb overwrites only its own files, so choose another name or move it away`,
    );
    symlinkSync(join(dir, 'carb.jsonl'), join(dir, 'link.jsonl'));
    expect(outputFileProblem(join(dir, 'link.jsonl'), 'a corpus', isCarbs)).toContain('is a symbolic link');
  });

  it('removeStaleTemps removes the temporaries of this target only', () => {
    const dir = folder({
      '.x.jsonl.123-0123abcd.tmp': '',
      '.x.jsonl.123-0123abcd.body.tmp': '',
      '..x.jsonl.gz.1-0123abcd.plain.jsonl.tmp.1-89abcdef.body.tmp': '',
      '.x.jsonl.gz.77.jsonl': '',
      '.y.jsonl.123-0123abcd.tmp': '',
      'x.jsonl': 'kept',
      '.x.jsonl.carb-lock': '',
    });
    removeStaleTemps(join(dir, 'x.jsonl'));
    removeStaleTemps(join(dir, 'x.jsonl.gz'));
    expect(readdirSync(dir).sort()).toEqual(['.x.jsonl.carb-lock', '.y.jsonl.123-0123abcd.tmp', 'x.jsonl']);
  });
});
