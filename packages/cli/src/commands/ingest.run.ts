import { AdapterError, GzipJsonlCorpusWriter, JsonlCorpusWriter, encodeArrow, isCarbCorpusFile, streamCorpus, unknownToolCounts, type CorpusSummary, type Episode } from '@carb/episodes';
import { printable, printableLines, progress, writeFileAtomic, type Progress } from '@carb/io';
import { defaultPipelinePath, loadPipeline, loadToolTypings, type ToolTyping } from '@carb/pipeline';
import type { IngestArgs } from './ingest.ts';
import { holdingOutputFile } from '@carb/jobs';
import { writeProblems } from '@carb/jobs';

/** Tool typing for unknown-tool counts: explicit typing files, else the pipeline's; null (reported) when unreadable. */
export function toolTypingFor(args: { pipeline?: string; tools?: string[] }): ToolTyping | null {
  try {
    if (args.tools && args.tools.length > 0) return loadToolTypings(args.tools);
    return loadPipeline(args.pipeline ?? defaultPipelinePath()).toolTyping;
  } catch (e) {
    fail((e as Error).message);
    return null;
  }
}

/**
 * Reports a failure as one line and a non-zero exit code. (A throw from a synchronous
 * handler escapes main()'s yargs fail handler as a stack trace.)
 */
export function fail(message: string): void {
  process.stderr.write(`carb: ${printableLines(message)}\n`);
  process.exitCode = 1;
}

const list = (r: Record<string, number>) => {
  const e = Object.entries(r).sort(([a], [b]) => (a < b ? -1 : 1));
  return e.length === 0 ? 'none' : e.map(([k, v]) => `${printable(k)} ${v}`).join(', ');
};

/** The closing summary of `carb ingest` and `carb inspect` (one fact per line). */
export function summaryLines(s: CorpusSummary, unknown: Record<string, number>): string[] {
  return [
    `files read: ${s.files} (${(s.bytes / 1e6).toFixed(1)} MB)`,
    `episodes: ${s.episodes}`,
    `skipped: ${list(s.skipped)}`,
    `flagged: aborted ${s.flagged.aborted}, textOnlyCalls ${s.flagged.textOnlyCalls}`,
    `unknown tools: ${list(unknown)}`,
    // only when there are some: most logs have none
    ...Object.entries(s.dropped).map(([field, n]) => `dropped unknown field ${field} in ${n} record${n === 1 ? '' : 's'} (not copied into the corpus)`),
  ];
}

/** `carb ingest`, once its options have passed. */
export async function run(args: IngestArgs): Promise<void> {
  await holdingOutputFile(args.out, 'a corpus', isCarbCorpusFile, () => ingest(args));
}

async function ingest(args: IngestArgs): Promise<void> {
  const out = args.out;
  const typing = toolTypingFor(args);
  if (typing === null) return;
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
  writeProblems(problems);
  const unknownCounts = Object.fromEntries([...unknown.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));
  const summary = stream.summary();
  const lines = summaryLines(summary, unknownCounts);
  const stop = (message: string) => {
    jsonl?.abort();
    process.stdout.write(`${lines.join('\n')}\n`);
    fail(message);
  };
  if (refused !== null) return stop(`${refused.file} failed its integrity check after its episodes were read: the input is refused; nothing written`);
  if (summary.episodes === 0) return stop(`nothing could be read from ${args.path.join(', ')}`);
  if (args.strict && problems.length > 0) return stop(`${problems.length} problem(s) in the input (--strict); nothing written`);
  if (jsonl === null) writeFileAtomic(out, encodeArrow(kept));
  else await jsonl.finish();
  process.stdout.write(`${lines.join('\n')}\nwrote ${out}\n`);
}
