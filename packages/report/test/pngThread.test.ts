import { describe, expect, it } from 'vitest';
import { svgToPng } from '../src/index.ts';
import { svgToPngAsync } from '../src/png.ts';
import { startPngRenderer } from '../src/pngThread.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

// reports rasterise on a renderer thread; `carb nearmiss` and the tests on this one: the bytes must not depend on which
describe('svgToPngAsync: the renderer thread draws svgToPng’s bytes', () => {
  // text (the bundled fonts), strokes, fills and a half-transparent shape: what a frontier is made of
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="60">' +
    '<text x="6" y="26" font-size="16" font-family="DejaVu Sans">G-CARB α = 0.10</text>' +
    '<path d="M0,58 L160,2" stroke="#1f77b4" stroke-width="1.6" fill="none"/>' +
    '<rect x="100" y="30" width="40" height="20" fill="#ff7f0e" fill-opacity="0.4"/></svg>';

  it('renders concurrently, each request answered with its own image', async () => {
    startPngRenderer();
    const [a, tiny, b] = await Promise.all([
      svgToPngAsync(svg),
      svgToPngAsync('<svg xmlns="http://www.w3.org/2000/svg" width="3" height="2"/>', { scale: 1 }),
      svgToPngAsync(svg, { scale: 1 }),
    ]);
    expect([...a.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(Buffer.from(a).equals(Buffer.from(svgToPng(svg)))).toBe(true);
    expect(Buffer.from(b).equals(Buffer.from(svgToPng(svg, { scale: 1 })))).toBe(true);
    // IHDR width and height (big-endian at bytes 16–23): the 3 × 2 request got the 3 × 2 image
    expect(Buffer.from(tiny).readUInt32BE(16)).toBe(3);
    expect(Buffer.from(tiny).readUInt32BE(20)).toBe(2);
  }, 60_000);

  it('refuses an SVG the renderer cannot read with its message, and keeps serving', async () => {
    await expect(svgToPngAsync('<svg')).rejects.toThrow(/./);
    const again = await svgToPngAsync('<svg xmlns="http://www.w3.org/2000/svg" width="5" height="4"/>', { scale: 1 });
    expect(Buffer.from(again).readUInt32BE(16)).toBe(5);
  }, 60_000);
});
