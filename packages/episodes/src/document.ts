import { adaptEach } from './adaptEach.ts';
import { adaptAgentDojo, parseAgentDojo } from './agentdojo.ts';
import type { FileFormat } from './corpusFiles.ts';
import { NOT_UTF8, stripBom, unsafeIntegers, utf8Text } from '@carb/io';
import { fileStem, type AdaptContext, type DroppedFields } from './fields.ts';
import type { DecodeResult } from './jsonl.ts';
import { adaptOpenAiChat, parseOpenAiChatJsonl } from './openaiChat.ts';
import { AdapterError } from './problems.ts';
import { adaptTau2 } from './tau2.ts';
import { adaptTauBench } from './tauBench.ts';

/** The one line for a JSON document of no known log format. */
export const UNRECOGNIZED_FORMAT = 'unrecognized format: expected one of agentdojo, tau2, tau-bench, openai-chat, jsonl, arrow';

/** Formats read as one decoded document ('json': detected from its content). */
export type DocumentFormat = Exclude<FileFormat, 'jsonl' | 'arrow'>;

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The log format of a decoded JSON document, told by its top-level shape; null when none fits. */
export function detectFormat(raw: unknown): Exclude<DocumentFormat, 'json'> | null {
  const first = Array.isArray(raw) ? raw[0] : raw;
  if (Array.isArray(raw) && isObj(first) && Array.isArray(first.traj)) return 'tau-bench';
  if (Array.isArray(raw) && isObj(first) && Array.isArray(first.messages)) return 'openai-chat';
  if (!isObj(raw)) return null;
  if (Array.isArray(raw.simulations)) return 'tau2';
  // Any one AgentDojo key: a damaged AgentDojo log then gets the adapter's precise missing-key line.
  if ('suite_name' in raw || 'user_task_id' in raw || 'pipeline_name' in raw) return 'agentdojo';
  if (Array.isArray(raw.messages)) return 'openai-chat';
  return null;
}

function parse(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new AdapterError(file, null, 'malformed-json', `expected JSON, found malformed text (${(e as Error).message})`);
  }
}

// A chat log is JSONL, or one JSON record, or a JSON list of records.
function openAiChat(text: string, file: string, dropped: DroppedFields): DecodeResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return parseOpenAiChatJsonl(text, file, dropped);
  }
  return openAiChatRecords(raw, file, { dropped, unsafe: unsafeIntegers(text) });
}

function openAiChatRecords(raw: unknown, file: string, ctx: AdaptContext): DecodeResult {
  const stem = fileStem(file);
  if (Array.isArray(raw)) return adaptEach(raw, (r, i) => adaptOpenAiChat(r, file, `/${i}`, `${stem}/${i}`, ctx));
  return adaptEach([raw], (r) => adaptOpenAiChat(r, file, '', stem, ctx));
}

function adapt(raw: unknown, file: string, format: Exclude<DocumentFormat, 'json' | 'openai-chat'>, ctx: AdaptContext): DecodeResult {
  if (format === 'tau2') return adaptTau2(raw, file, ctx);
  if (format === 'tau-bench') return adaptTauBench(raw, file, ctx);
  return { episodes: [adaptAgentDojo(raw, file, ctx)], problems: [], skipped: {} };
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
 * was expected) when the document as a whole cannot be read.
 */
export function decodeDocument(input: string | Uint8Array, file: string, format: DocumentFormat): DecodeResult {
  const text = documentText(input, file);
  const dropped: DroppedFields = {};
  const got = decodeText(text, file, format, dropped);
  return Object.keys(dropped).length === 0 ? got : { ...got, dropped };
}

function decodeText(text: string, file: string, format: DocumentFormat, dropped: DroppedFields): DecodeResult {
  if (format === 'openai-chat') return openAiChat(text, file, dropped);
  if (format === 'agentdojo') return { episodes: [parseAgentDojo(text, file, { dropped })], problems: [], skipped: {} };
  const raw = parse(text, file);
  const fmt = format === 'json' ? detectFormat(raw) : format;
  if (fmt === null) throw new AdapterError(file, null, 'unrecognized-format', UNRECOGNIZED_FORMAT);
  const ctx = { dropped, unsafe: unsafeIntegers(text) };
  if (fmt === 'openai-chat') return openAiChatRecords(raw, file, ctx);
  return adapt(raw, file, fmt, ctx);
}
