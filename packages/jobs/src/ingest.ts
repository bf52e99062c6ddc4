import {
  AdapterError,
  GzipJsonlCorpusWriter,
  JsonlCorpusWriter,
  encodeArrow,
  isCarbCorpusFile,
  streamCorpus,
  unknownToolCounts,
  type CorpusFormat,
  type CorpusSummary,
  type Episode,
  type Problem,
} from '@carb/episodes';
import { progress, writeFileAtomic, type Progress } from '@carb/io';
import { defaultPipelinePath, loadPipeline, loadToolTypings, type ToolTyping } from '@carb/pipeline';
import { holdingOutputFile } from './holdingOutput.ts';

/** The choices of `carb ingest`, named as its flags. */
export interface IngestArgs {
  path: string[];
  format: CorpusFormat;
  out: string;
  strict: boolean;
  pipeline?: string;
  tools?: string[];
}

/** Tool typing for unknown-tool counts: explicit typing files, else the pipeline's; the reason when unreadable. */
export function toolTypingFor(args: { pipeline?: string; tools?: string[] }): { typing: ToolTyping } | { failure: string } {
  try {
    if (args.tools && args.tools.length > 0) return { typing: loadToolTypings(args.tools) };
    return { typing: loadPipeline(args.pipeline ?? defaultPipelinePath()).toolTyping };
  } catch (e) {
    return { failure: (e as Error).message };
  }
}

/**
 * What `carb ingest` read (its problems, the corpus summary, unknown tools by name) and, when
 * nothing was written, why (`failure`). With no tool typing, only the failure.
 */
export type IngestResult =
  | { failure: string; read: null }
  | { failure: string | null; read: { problems: readonly Problem[]; summary: CorpusSummary; unknown: Record<string, number> } };

/** `carb ingest`: a log folder or files read into one carb corpus (`args.out`), refused whole on a failed integrity check. */
export async function ingest(args: IngestArgs): Promise<IngestResult> {
  return holdingOutputFile(args.out, 'a corpus', isCarbCorpusFile, () => ingestHeld(args));
}

async function ingestHeld(args: IngestArgs): Promise<IngestResult> {
  const out = args.out;
  const tools = toolTypingFor(args);
  if ('failure' in tools) return { failure: tools.failure, read: null };
  const { typing } = tools;
  let bar: Progress | null = null;
  const stream = streamCorpus(args.path, {
    format: args.format,
    onFile: (_done, total) => {
      bar ??= progress('ingest', total);
      bar.tick();
    },
  });
  // JSONL goes out line by line (memory: one batch), .jsonl.gz then streamed through gzip;
  // Arrow is still encoded whole (one record batch, as before), so it holds the corpus.
  const jsonl = out.endsWith('.arrow') ? null : out.endsWith('.gz') ? new GzipJsonlCorpusWriter(out) : new JsonlCorpusWriter(out);
  const kept: Episode[] = [];
  const unknown = new Map<string, number>();
  let refused: AdapterError | null = null;
  try {
    for await (const batch of stream) {
      for (const [tool, n] of Object.entries(unknownToolCounts(batch, typing))) unknown.set(tool, (unknown.get(tool) ?? 0) + n);
      if (jsonl === null) for (const ep of batch) kept.push(ep);
      else jsonl.add(batch);
    }
  } catch (e) {
    if (!(e instanceof AdapterError)) {
      jsonl?.abort();
      throw e;
    }
    refused = e;
  }
  (bar as Progress | null)?.stop();
  const problems = stream.problems;
  const unknownCounts = Object.fromEntries([...unknown.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));
  const summary = stream.summary();
  const read = { problems, summary, unknown: unknownCounts };
  const stop = (failure: string): IngestResult => {
    jsonl?.abort();
    return { failure, read };
  };
  if (refused !== null)
    return stop(`${refused.file} failed its integrity check after its episodes were read: the input is refused; nothing written`);
  if (summary.episodes === 0) return stop(`nothing could be read from ${args.path.join(', ')}`);
  if (args.strict && problems.length > 0) return stop(`${problems.length} problem(s) in the input (--strict); nothing written`);
  if (jsonl === null) writeFileAtomic(out, encodeArrow(kept));
  else await jsonl.finish();
  return { failure: null, read };
}
