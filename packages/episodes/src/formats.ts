import { AGENTDOJO } from './agentdojo.ts';
import type { LogFormat } from './logFormat.ts';
import { OPENAI_CHAT } from './openaiChat.ts';
import { TAU2 } from './tau2.ts';
import { TAU_BENCH } from './tauBench.ts';

/**
 * The log formats carb reads, one module each. The order is the listing order (`--format`,
 * messages, README) and the order of detection: the first format whose `detect` accepts a
 * document reads it. Adding a format: its module, and one line here.
 */
export const LOG_FORMATS = [AGENTDOJO, TAU2, TAU_BENCH, OPENAI_CHAT] as const;

/** A registered log format's name. */
export type LogFormatName = (typeof LOG_FORMATS)[number]['name'];

/** The registered names, in listing order. */
export const LOG_FORMAT_NAMES: readonly LogFormatName[] = LOG_FORMATS.map((f) => f.name);

/** carb's own encodings: a corpus it wrote (or a constructed suite), not a log. */
export const CORPUS_ENCODINGS = ['jsonl', 'arrow'] as const;

/** Every `--format` value: the log formats, carb's encodings, and `auto` (by file name and contents). */
export const CORPUS_FORMATS = [...LOG_FORMAT_NAMES, ...CORPUS_ENCODINGS, 'auto'] as const;

/** Every `source.format` an episode may carry: the log formats, the constructed suites, carb's JSONL. */
export const SOURCE_FORMATS = [...LOG_FORMAT_NAMES, 'ces', 'graph-braid', 'jsonl'] as const;

/** The registered format named `name`, or null. */
export function logFormat(name: string): LogFormat | null {
  return LOG_FORMATS.find((f) => f.name === name) ?? null;
}

/** The first registered format whose top-level shape a decoded JSON document has, or null. */
export function detectLogFormat(raw: unknown): LogFormat | null {
  return LOG_FORMATS.find((f) => f.detect(raw)) ?? null;
}

/** The registered format whose record the first line of a `.jsonl` file is, or null (a carb corpus). */
export function lineFormat(record: unknown): LogFormat | null {
  return LOG_FORMATS.find((f) => f.detectLine?.(record) === true) ?? null;
}
