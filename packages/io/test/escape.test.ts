import { describe, expect, it } from 'vitest';
import { escapeHtml, markdownText, printable, printableLines } from '../src/index.ts';

describe('printable: untrusted text for the terminal', () => {
  it('shows controls, line breaks and bidi controls as JSON escapes', () => {
    expect(printable('a\u001b[31mb')).toBe('a\\u001b[31mb');
    expect(printable('x\ny\rz\tw')).toBe('x\\ny\\rz\\tw');
    expect(printable('\u0000\u007f\u009b\u0085')).toBe('\\u0000\\u007f\\u009b\\u0085');
    expect(printable('evil\u202eoot\u2066\u200f\u2028')).toBe('evil\\u202eoot\\u2066\\u200f\\u2028');
  });

  it('leaves printable text byte for byte, letters and marks of any script included', () => {
    for (const s of ['gpt-4o-2024-05-13', 'é — λ̂ ≤ α', 'a|b <c> & "d" \\e', '日本語', '👩‍💻', '']) expect(printable(s)).toBe(s);
  });

  it("printableLines keeps the output's own line feeds, escapes the rest; JSON stays JSON with its values", () => {
    expect(printableLines('one\ntwo\u001b\r\n')).toBe('one\ntwo\\u001b\\r\n');
    const value = { tool: 'x\u009b\u202e\u007f', n: 1 };
    const shown = printableLines(JSON.stringify(value, null, 2));
    expect(shown).toBe('{\n  "tool": "x\\u009b\\u202e\\u007f",\n  "n": 1\n}');
    expect(JSON.parse(shown)).toEqual(value);
  });
});

describe('escapeHtml: text for HTML and SVG', () => {
  it('markup characters as entities', () => {
    expect(escapeHtml('<img src=x onerror="alert(1)">&amp;')).toBe('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;amp;');
  });

  it('controls XML forbids and bidi controls shown as escapes; tab and line breaks kept', () => {
    expect(escapeHtml('a\u001b[31m\u0000b\u202ec')).toBe('a\\u001b[31m\\u0000b\\u202ec');
    expect(escapeHtml('a\tb\nc\rd')).toBe('a\tb\nc\rd');
  });

  it('leaves other text as it is', () => {
    expect(escapeHtml("It's λ̂ — é, 日本")).toBe("It's λ̂ — é, 日本");
  });
});

describe('markdownText: data as Markdown inline text', () => {
  it('cannot split a cell, end a row or open a tag: \\ | < & escaped, line breaks and controls shown', () => {
    expect(markdownText('a|b\nc')).toBe('a\\|b\\\\nc');
    expect(markdownText('<img src=x>&amp;\\')).toBe('\\<img src=x>\\&amp;\\\\');
    expect(markdownText('\u001b[31m')).toBe('\\\\u001b[31m');
  });

  it('leaves names without those characters as they are', () => {
    for (const s of ['meta-llama_Llama-3.3-70B-Instruct', 'P(risk > α) ≤ δ = .10', 'λ̂ — é']) expect(markdownText(s)).toBe(s);
  });
});
