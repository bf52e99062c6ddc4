import type { AdaptContext, DroppedFields } from './fields.ts';
import type { DecodeResult } from './jsonl.ts';

/**
 * One log format carb reads: everything about it is declared in its own module (the adapter),
 * and the registry (formats.ts) lists the modules. Detection, the `--format` choices, the
 * episode schema's source formats and the README's format list all read the registry.
 */
export interface LogFormat<N extends string = string> {
  /** The `--format` value and the episodes' `source.format`. */
  readonly name: N;
  /** Whether a decoded JSON document has this format's top-level shape (auto mode). */
  readonly detect: (raw: unknown) => boolean;
  /** Whether the first line of a `.jsonl` file is one of this format's records (else the file is a carb corpus); absent: the format is never JSONL. */
  readonly detectLine?: (record: unknown) => boolean;
  /** configs/schema file a log of this format is checked against, where it has one. */
  readonly schema: string | null;
  /** The episodes of a document already decoded from JSON (`ctx.unsafe`: its rounded integer literals). */
  readonly decode: (raw: unknown, file: string, ctx: AdaptContext) => DecodeResult;
  /** The episodes of the document's text, when the format reads its text itself (JSONL, or its own parse errors); absent: the text is decoded as one JSON value, then `decode`. */
  readonly decodeText?: (text: string, file: string, dropped: DroppedFields) => DecodeResult;
}
