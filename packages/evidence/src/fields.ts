import type { JsonValue } from '@carb/episodes/policy';
import { distinct } from './distinct.ts';

/** One (field name, scalar value) pair visible in an action or a result. */
export interface FieldValue {
  readonly field: string;
  readonly value: string;
}

/** Scalar leaves of the arguments, each under its nearest field name. */
export function argFields(args: { readonly [key: string]: JsonValue }): FieldValue[] {
  const out: FieldValue[] = [];
  walkObject(args, out);
  return out;
}

// Object.keys, not Object.entries: one array per object instead of one per key as well (this runs
// for every proposal of every episode).
function walkObject(obj: { readonly [key: string]: JsonValue }, out: FieldValue[]): void {
  for (const k of Object.keys(obj)) walkValue(k, obj[k]!, out);
}

function walkValue(field: string, v: JsonValue, out: FieldValue[]): void {
  if (v === null) return;
  if (Array.isArray(v)) {
    for (const x of v) walkValue(field, x, out);
  } else if (typeof v === 'object') {
    walkObject(v, out);
  } else {
    const s = String(v).trim();
    if (s.length > 0) out.push({ field, value: s });
  }
}

/** Argument string values joined by newlines: the "visible action fields" that relation 8 searches. */
export function actionText(args: { readonly [key: string]: JsonValue }): string {
  return joinFieldValues(argFields(args));
}

/** Field values joined by newlines (actionText of already extracted argument fields). */
export function joinFieldValues(fields: readonly FieldValue[]): string {
  return fields.map((f) => f.value).join('\n');
}

const YAML_LINE = /^\s*(?:-\s+)?([A-Za-z_][A-Za-z0-9_]*):(?:[ \t]+(.*))?$/;
const YAML_ITEM = /^\s*-\s+(.*)$/;
const DICT_PAIR = /['"]([A-Za-z_][A-Za-z0-9_]*)['"]\s*:\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|[^,}\]\n]+)/g;
const EMPTY = new Set(['', 'null', 'None', 'true', 'false', 'True', 'False', '[]', '{}', "''", '""', '~']);

/**
 * `key: value` pairs of a visible result: YAML-like lines (block lists under a key
 * included, inline `[a, b]` lists split) and Python dict reprs (`{'message': ...}`).
 * Multi-line scalars contribute only complete one-line values. `lines`: `text` split at newlines, when the caller has it.
 */
export function resultFields(text: string, lines: readonly string[] = text.split('\n')): FieldValue[] {
  if (text.length === 0) return [];
  const out: FieldValue[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = YAML_LINE.exec(lines[i]!);
    if (m === null) continue;
    const field = m[1]!;
    const raw = (m[2] ?? '').trim();
    if (raw.length > 0) {
      pushScalar(out, field, raw);
      continue;
    }
    // block list under an empty key: following `- scalar` lines that are not themselves `- key: value`
    for (let j = i + 1; j < lines.length; j++) {
      const item = YAML_ITEM.exec(lines[j]!);
      if (item === null || YAML_LINE.test(lines[j]!)) break;
      pushScalar(out, field, item[1]!.trim());
    }
  }
  if (text.includes('{')) {
    for (const m of text.matchAll(DICT_PAIR)) pushScalar(out, m[1]!, m[2]!.trim());
  }
  return out;
}

function pushScalar(out: FieldValue[], field: string, raw: string): void {
  if (raw.startsWith('[') && raw.endsWith(']')) {
    for (const part of raw.slice(1, -1).split(',')) pushScalar(out, field, part.trim());
    return;
  }
  const value = unquote(raw);
  if (value === null || EMPTY.has(value)) return;
  out.push({ field, value });
}

// Returns null for an unterminated quoted scalar (the start of a multi-line string).
function unquote(raw: string): string | null {
  const q = raw[0];
  if (q === "'" || q === '"') {
    if (raw.length < 2 || raw[raw.length - 1] !== q) return null;
    return raw.slice(1, -1).trim();
  }
  return raw;
}

const KEY_PREFIX = /^(?:-\s+)?(?:[A-Za-z_][A-Za-z0-9_]*:\s+)?/;
const DIGIT = /[0-9]/;

/**
 * Distinctive lines of a visible result: trimmed lines (list dash, `key:` prefix and
 * quotes removed) of at least `min` characters that contain a digit, truncated to `max`.
 * `lines`: `text` already split at newlines (resultKeys splits once for both readers).
 */
export function distinctiveLines(text: string, min: number, max: number, lines?: readonly string[]): readonly string[] {
  if (text.length < min) return [];
  const out: string[] = [];
  for (const rawLine of lines ?? text.split('\n')) {
    let line = rawLine.trim().replace(KEY_PREFIX, '');
    const unq = line.length >= 2 ? unquote(line) : line;
    if (unq !== null) line = unq;
    if (line.length >= min && DIGIT.test(line)) out.push(line.slice(0, max));
  }
  return distinct(out);
}
