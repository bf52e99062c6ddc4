import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { SummaryRow } from '@carb/calibrate';
import { PLOT_FONT_FAMILY } from '@carb/io';
import { frontierSvg, svgToPng } from '../src/index.ts';
import { svgToPngAsync } from '../src/png.ts';
import { row } from './rows.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../../..');
const tmp = mkdtempSync(join(tmpdir(), 'carb-png-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/**
 * SHA-256 of frontier.png for the fixed rows below, rendered with DejaVu Sans 2.37.3 from
 * the dejavu-fonts-ttf package by @resvg/resvg-js 2.6.2. Pinned so that another machine
 * (other system fonts, or none) fails here instead of in `carb verify`. It changes only
 * with the plot's code, the font package or resvg: update it then, deliberately.
 */
const PINNED_PNG_SHA256 = '18f802760cb0aa49d312633f0b4ec3dc405121602355feec4e178d405c7a8382'; // issue 10: markers, small multiples, α range

function rows(): SummaryRow[] {
  const out: SummaryRow[] = [row('no-guard', 0.05, { meanLoss: 0.25, utility: 1 })];
  ['full-prefix', 'fixed-window-4', 'g-carb'].forEach((m, i) =>
    [0.025, 0.05, 0.1, 0.2].forEach((a) =>
      out.push(
        row(m, a, {
          meanLoss: a * 0.8,
          lossP5: a * 0.5,
          lossP95: a * 1.1,
          utility: 0.4 + a + i / 10,
          utilityP5: 0.3 + a,
          utilityP95: 0.6 + a,
        }),
      ),
    ),
  );
  return out;
}

// folders where font libraries look for system fonts; each present one is hidden in the child
const FONT_DIRS = [
  '/usr/share/fonts',
  '/usr/local/share/fonts',
  join(process.env.HOME ?? '/root', '.fonts'),
  join(process.env.HOME ?? '/root', '.local/share/fonts'),
];
const canUnshare = process.platform === 'linux' && spawnSync('unshare', ['-m', 'true']).status === 0;
if (!canUnshare)
  process.stderr.write(
    '\n[carb tests] unshare -m not permitted here: the frontier.png test WITHOUT system fonts is SKIPPED (the pinned hash is still checked).\n\n',
  );

describe('frontier.png does not depend on the machine', () => {
  const svg = frontierSvg(rows(), { title: 'CES near-miss: risk–utility frontier (L̄, α)' });
  const here = svgToPng(svg);

  it('the SVG names the family the PNG is rendered with', () => {
    expect(svg).toContain(`font-family="${PLOT_FONT_FAMILY}, sans-serif"`);
    expect(PLOT_FONT_FAMILY).toBe('DejaVu Sans');
  });

  it('is the pinned bytes', () => {
    expect(sha(here)).toBe(PINNED_PNG_SHA256);
  });

  it('is the pinned bytes when rasterised off this thread (what writeReport does)', async () => {
    expect(sha(await svgToPngAsync(svg))).toBe(PINNED_PNG_SHA256);
  });

  it.skipIf(!canUnshare)(
    'is byte-identical in a child process that sees no system fonts at all',
    () => {
      const empty = join(tmp, 'no-fonts');
      mkdirSync(empty);
      writeFileSync(join(tmp, 'frontier.svg'), svg);
      const script = join(tmp, 'render.ts');
      writeFileSync(
        script,
        [
          `import { readdirSync, readFileSync, writeFileSync } from 'node:fs';`,
          `import { svgToPng } from ${JSON.stringify(join(ROOT, 'packages/report/src/png.ts'))};`,
          `const seen = ${JSON.stringify(FONT_DIRS)}.flatMap((d) => { try { return readdirSync(d); } catch { return []; } });`,
          `writeFileSync(${JSON.stringify(join(tmp, 'child.png'))}, svgToPng(readFileSync(${JSON.stringify(join(tmp, 'frontier.svg'))}, 'utf8')));`,
          `process.stdout.write(JSON.stringify({ fontFilesVisible: seen.length }));`,
        ].join('\n'),
      );
      const mounts = FONT_DIRS.filter((d) => existsSync(d))
        .map((d) => `mount --bind '${empty}' '${d}' && `)
        .join('');
      const r = spawnSync('unshare', ['-m', 'sh', '-c', `${mounts}exec '${process.execPath}' --import tsx '${script}'`], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual({ fontFilesVisible: 0 });
      const child = spawnSync('sha256sum', [join(tmp, 'child.png')], { encoding: 'utf8' }).stdout.split(' ')[0];
      expect(child).toBe(sha(here));
      expect(child).toBe(PINNED_PNG_SHA256);
    },
    60_000,
  ); // a child process and a tsx start-up: slow on a loaded machine
});
