import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLOT_FONT_DIR } from '../src/png.ts';
import { PLOT_FONT_ASCII_ADVANCES, textWidth } from '../src/textWidth.ts';
import { wrapText } from '../src/wrapText.ts';

/** Advance widths of the printable ASCII characters read from a TrueType file: cmap (format 4) to glyph, hmtx to width. */
function asciiAdvances(file: string): number[] {
  const b = readFileSync(file);
  const tables = new Map<string, number>();
  for (let i = 0, n = b.readUInt16BE(4); i < n; i++)
    tables.set(b.toString('latin1', 12 + 16 * i, 16 + 16 * i), b.readUInt32BE(20 + 16 * i));
  const cmap = tables.get('cmap')!;
  let sub = -1;
  for (let i = 0, n = b.readUInt16BE(cmap + 2); i < n; i++) {
    const at = cmap + 4 + 8 * i;
    // Unicode BMP: platform 3 encoding 1, or platform 0
    if ((b.readUInt16BE(at) === 3 && b.readUInt16BE(at + 2) === 1) || b.readUInt16BE(at) === 0) sub = cmap + b.readUInt32BE(at + 4);
  }
  expect(b.readUInt16BE(sub)).toBe(4);
  const segs = b.readUInt16BE(sub + 6) / 2;
  const ends = sub + 14;
  const starts = ends + 2 * segs + 2;
  const deltas = starts + 2 * segs;
  const ranges = deltas + 2 * segs;
  const glyph = (c: number): number => {
    for (let s = 0; s < segs; s++) {
      if (b.readUInt16BE(ends + 2 * s) < c) continue;
      const start = b.readUInt16BE(starts + 2 * s);
      if (start > c) return 0;
      const offset = b.readUInt16BE(ranges + 2 * s);
      const delta = b.readUInt16BE(deltas + 2 * s);
      if (offset === 0) return (c + delta) & 0xffff;
      const g = b.readUInt16BE(ranges + 2 * s + offset + 2 * (c - start));
      return g === 0 ? 0 : (g + delta) & 0xffff;
    }
    return 0;
  };
  const metrics = b.readUInt16BE(tables.get('hhea')! + 34);
  const hmtx = tables.get('hmtx')!;
  return Array.from({ length: 0x7f - 0x20 }, (_, i) => {
    const g = glyph(0x20 + i);
    return b.readUInt16BE(hmtx + 4 * Math.min(g, metrics - 1));
  });
}

describe('textWidth', () => {
  it('holds the advance widths of DejaVu Sans and DejaVu Sans Bold, as their font files give them', () => {
    expect(Array.from(PLOT_FONT_ASCII_ADVANCES.normal)).toEqual(asciiAdvances(join(PLOT_FONT_DIR, 'DejaVuSans.ttf')));
    expect(Array.from(PLOT_FONT_ASCII_ADVANCES.bold)).toEqual(asciiAdvances(join(PLOT_FONT_DIR, 'DejaVuSans-Bold.ttf')));
  });

  it('adds them up in pixels, any other character as wide as bold W', () => {
    // ".100" at 12 px: (651 + 3·1303) / 2048 · 12
    expect(textWidth('.100', 12)).toBeCloseTo((651 + 3 * 1303) * (12 / 2048), 12);
    expect(textWidth('W', 16, 'bold')).toBe((2259 / 2048) * 16);
    expect(textWidth('α–', 10)).toBe(((2 * 2259) / 2048) * 10);
    expect(textWidth('', 12)).toBe(0);
  });
});

describe('wrapText', () => {
  const title = 'AgentDojo runs: claude-3-5-sonnet-20240620, gpt-4o-2024-05-13, meta-llama_Llama-3.3-70B-Instruct: risk–utility frontier';

  it('leaves a text that fits as it is', () => {
    expect(wrapText('CES near-miss: risk–utility frontier', 920, 16, 'bold')).toEqual(['CES near-miss: risk–utility frontier']);
    expect(wrapText('a  b', 920, 16)).toEqual(['a  b']);
  });

  it('breaks at spaces into lines that fit, losing no word', () => {
    const lines = wrapText(title, 920, 16, 'bold');
    expect(lines).toEqual([
      'AgentDojo runs: claude-3-5-sonnet-20240620, gpt-4o-2024-05-13,',
      'meta-llama_Llama-3.3-70B-Instruct: risk–utility frontier',
    ]);
    for (const l of lines) expect(textWidth(l, 16, 'bold')).toBeLessThanOrEqual(920);
    // the longest word, meta-llama_Llama-3.3-70B-Instruct:, is ~380 px
    const narrow = wrapText(title, 400, 16, 'bold');
    expect(narrow.length).toBeGreaterThan(2);
    expect(narrow.join(' ')).toBe(title);
  });

  it('breaks a word wider than a line between characters, and keeps at least one per line', () => {
    const word = 'x'.repeat(50);
    const lines = wrapText(`model ${word} end`, 100, 12);
    // "model" alone, then the word in pieces, its last piece sharing a line with "end"
    expect(lines[0]).toBe('model');
    expect(lines.join('').replaceAll(' ', '')).toBe(`model${word}end`);
    expect(lines.at(-1)).toMatch(/^x+ end$/);
    for (const l of lines) expect(textWidth(l, 12)).toBeLessThanOrEqual(100);
    expect(wrapText('WW', 1, 12)).toEqual(['W', 'W']);
    // L̄ is L and a combining macron: never parted
    const bars = wrapText('L\u0304'.repeat(30), 50, 12);
    expect(bars.length).toBeGreaterThan(1);
    for (const l of bars) expect(l).toMatch(/^(L\u0304)+$/);
  });
});
