import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_BUDGETS, METHOD_ORDER } from '@carb/calibrate';
import { carbPath } from '@carb/io';
import { svgToPng } from '@carb/report';
import { calibrate } from '../src/calibrate.ts';
import { rendersAsked } from '../../report/src/pngThread.ts';

const tmp = mkdtempSync(join(tmpdir(), 'carb-plot-render-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('carb calibrate renders its frontier once, started before the deploy rows are fit', () => {
  it('takes the render it started from the summaries (the same SVG the report writes), and that PNG is the SVG rasterised', async () => {
    const out = join(tmp, 'out');
    const before = rendersAsked();
    await calibrate(
      {
        corpus: [carbPath('corpora/ces-clean.jsonl')],
        methods: [...METHOD_ORDER],
        alphas: [...DEFAULT_BUDGETS],
        frontier: true,
        splits: 4,
        splitRng: 'python',
        baseSeed: 0,
        workers: 1,
        out,
        format: 'auto',
        strict: false,
        includeAborted: false,
        guarantee: 'expectation',
        ledger: 'builtin',
      },
      ['calibrate'],
    );
    const pngs = readdirSync(out).filter((f) => f.endsWith('.png'));
    expect(pngs).toEqual(['frontier.png']);
    // a render started ahead under another title or rows would stay untaken, and the report would ask for a second
    expect(rendersAsked() - before).toBe(1);
    const png = readFileSync(join(out, 'frontier.png'));
    expect(Buffer.compare(png, Buffer.from(svgToPng(readFileSync(join(out, 'frontier.svg'), 'utf8'))))).toBe(0);
  }, 60_000);
});
