import { escapeControl } from './printable.ts';

/** What HTML and SVG (XML) text cannot carry raw: markup characters, controls XML forbids, bidi reordering. */
// eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for
const UNSAFE = /[&<>"]|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const ENTITY: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * Text for HTML or SVG element content and quoted attributes: markup characters as entities;
 * control characters (which XML refuses even as references, so an SVG holding one does not
 * parse) and bidi controls shown as their JSON escapes (`\u001b`, `\u202e`). Tab and line
 * breaks stay: they are whitespace in both.
 */
export function escapeHtml(s: string): string {
  return s.replace(UNSAFE, (c) => ENTITY[c] ?? escapeControl(c));
}
