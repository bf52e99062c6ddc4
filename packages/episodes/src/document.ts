import type { FileFormat } from './corpusFiles.ts';
import { NOT_UTF8, nameRecord, stripBom, utf8Text } from '@carb/io';
import type { DroppedFields } from './fields.ts';
import { CORPUS_ENCODINGS, LOG_FORMAT_NAMES, detectLogFormat, logFormat, type LogFormatName } from './formats.ts';
import type { DecodeResult } from './jsonl.ts';
import { AdapterError } from './problems.ts';

/** The one line for a JSON document of no known log format. */
export const UNRECOGNIZED_FORMAT = `unrecognized format: expected one of ${[...LOG_FORMAT_NAMES, ...CORPUS_ENCODINGS].join(', ')}`;

/** Formats read as one decoded document ('json': detected from its content). */
export type DocumentFormat = Exclude<FileFormat, 'jsonl' | 'arrow'>;

/** The log format of a decoded JSON document, told by its top-level shape (the registry's order); null when none fits. */
export function detectFormat(raw: unknown): LogFormatName | null {
  return (detectLogFormat(raw)?.name as LogFormatName | undefined) ?? null;
}

function parse(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new AdapterError(file, null, 'malformed-json', `expected JSON, found malformed text (${(e as Error).message})`);
  }
}

/** A document's text: bytes must be UTF-8 (never turned into U+FFFD); a leading byte order mark is skipped. */
function documentText(input: string | Uint8Array, file: string): string {
  if (typeof input === 'string') return stripBom(input);
  const text = utf8Text(input, true);
  if (text === null) throw new AdapterError(file, null, 'invalid-utf8', NOT_UTF8);
  return text;
}

/**
 * The episodes of one log document in `format` ('json': detected from its content), given as
 * its bytes (or its text). Records that do not adapt are problems, counted; unknown top-level
 * fields left out are counted in `dropped`; throws AdapterError (one line: file, record, what
 * was expected) when the document as a whole cannot be read, or `format` is no registered one.
 */
export function decodeDocument(input: string | Uint8Array, file: string, format: DocumentFormat): DecodeResult {
  const text = documentText(input, file);
  const dropped: DroppedFields = nameRecord();
  const got = decodeText(text, file, format, dropped);
  return Object.keys(dropped).length === 0 ? got : { ...got, dropped };
}

function decodeText(text: string, file: string, format: DocumentFormat, dropped: DroppedFields): DecodeResult {
  const named = format === 'json' ? null : logFormat(format);
  // a name with no module behind it (a caller's typo, a format not yet registered) is refused, never guessed
  if (format !== 'json' && named === null) {
    throw new AdapterError(
      file,
      null,
      'unrecognized-format',
      `unknown format ${JSON.stringify(format)}: expected one of ${LOG_FORMAT_NAMES.join(', ')}`,
    );
  }
  if (named?.decodeText) return named.decodeText(text, file, dropped);
  const raw = parse(text, file);
  const fmt = named ?? detectLogFormat(raw);
  if (fmt === null) throw new AdapterError(file, null, 'unrecognized-format', UNRECOGNIZED_FORMAT);
  return fmt.decode(raw, file, { dropped, text });
}
