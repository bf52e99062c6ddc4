import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { carbPath } from '@carb/io';
import { largePagesWhileLoading } from '../src/largePages.ts';

const OPTION = 'MIMALLOC_ALLOW_LARGE_OS_PAGES';
const LEGACY = 'MIMALLOC_LARGE_OS_PAGES';

describe('largePagesWhileLoading: mimalloc’s large pages for resvg, only while it loads', () => {
  afterEach(() => {
    delete process.env.MIMALLOC_ALLOW_LARGE_OS_PAGES;
    delete process.env.MIMALLOC_LARGE_OS_PAGES;
  });

  it('sets the variable while held and removes it once the last holder releases', () => {
    const first = largePagesWhileLoading();
    expect(process.env[OPTION]).toBe('1');
    const second = largePagesWhileLoading();
    first();
    // released twice: counted once
    first();
    expect(process.env[OPTION]).toBe('1');
    second();
    expect(OPTION in process.env).toBe(false);
  });

  it('leaves a setting of the user’s alone, under either name', () => {
    for (const [name, value] of [
      [OPTION, '0'],
      [LEGACY, '0'],
      [OPTION, '1'],
    ] as const) {
      process.env[name] = value;
      const release = largePagesWhileLoading();
      expect(process.env[name]).toBe(value);
      if (name === LEGACY) expect(OPTION in process.env).toBe(false);
      release();
      expect(process.env[name]).toBe(value);
      Reflect.deleteProperty(process.env, name);
    }
  });

  // what mimalloc itself read when resvg loaded, on the renderer thread (the report's path) and on the
  // calling one (carb nearmiss): MIMALLOC_VERBOSE makes it print its options at load
  const script = `
    import { svgToPng, svgToPngAsync } from ${JSON.stringify(carbPath('packages/report/src/png.ts'))};
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>';
    if (process.argv[2] === 'renderer') await svgToPngAsync(svg, { scale: 1 });
    else svgToPng(svg, { scale: 1 });
    process.stdout.write(JSON.stringify({ left: process.env.${OPTION} ?? null }));
  `;
  it.each(['renderer', 'calling'])('reaches mimalloc when resvg loads on the %s thread, and is gone after', (where) => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, where], {
      encoding: 'utf8',
      env: { ...process.env, MIMALLOC_VERBOSE: '1' },
      timeout: 60_000,
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/option 'allow_large_os_pages': 1/);
    expect(JSON.parse(r.stdout)).toEqual({ left: null });
  });

  it('is not set in a child when the user turned large pages off', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, 'renderer'], {
      encoding: 'utf8',
      env: { ...process.env, MIMALLOC_VERBOSE: '1', [OPTION]: '0' },
      timeout: 60_000,
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/option 'allow_large_os_pages': 0/);
    expect(JSON.parse(r.stdout)).toEqual({ left: '0' });
  });
});
