import { adaptEach } from './adaptEach.ts';
import { adaptAgentDojo, parseAgentDojo } from './agentdojo.ts';
import type { FileFormat } from './corpusFiles.ts';
import { fileStem } from './fields.ts';
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
function openAiChat(text: string, file: string): DecodeResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return parseOpenAiChatJsonl(text, file);
  }
  return openAiChatRecords(raw, file);
}

function openAiChatRecords(raw: unknown, file: string): DecodeResult {
  const stem = fileStem(file);
  if (Array.isArray(raw)) return adaptEach(raw, (r, i) => adaptOpenAiChat(r, file, `/${i}`, `${stem}/${i}`));
  return adaptEach([raw], (r) => adaptOpenAiChat(r, file, '', stem));
}

function adapt(raw: unknown, file: string, format: Exclude<DocumentFormat, 'json' | 'openai-chat'>): DecodeResult {
  if (format === 'tau2') return adaptTau2(raw, file);
  if (format === 'tau-bench') return adaptTauBench(raw, file);
  return { episodes: [adaptAgentDojo(raw, file)], problems: [], skipped: {} };
}

/**
 * The episodes of one log document in `format` ('json': detected from its content).
 * Records that do not adapt are problems, counted; throws AdapterError (one line:
 * file, record, what was expected) when the document as a whole cannot be read.
 */
export function decodeDocument(text: string, file: string, format: DocumentFormat): DecodeResult {
  if (format === 'openai-chat') return openAiChat(text, file);
  if (format === 'agentdojo') return { episodes: [parseAgentDojo(text, file)], problems: [], skipped: {} };
  const raw = parse(text, file);
  const fmt = format === 'json' ? detectFormat(raw) : format;
  if (fmt === null) throw new AdapterError(file, null, 'unrecognized-format', UNRECOGNIZED_FORMAT);
  if (fmt === 'openai-chat') return openAiChatRecords(raw, file);
  return adapt(raw, file, fmt);
}
