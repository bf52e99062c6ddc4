export type * from './types.ts';
export type { EpisodeLabels } from './labels.ts';
export { labelRowsOf, shareLabelIds, type LabelRows } from './labelRows.ts';
export { AdapterError, formatProblem, problemLines, PROBLEM_LINES_PER_FILE, type Problem } from './problems.ts';
export { normalizeWhitespace, containsInjection } from './whitespace.ts';
export { eligibleForCalibration, type EligibilityOptions } from './eligible.ts';
export { validateEpisode, episodeIssues, EPISODE_SCHEMA_PATH } from './validate.ts';
export { orderEpisode, isOrdered } from './order.ts';
export { CorpusDigester, corpusDigest, encoderText, episodeDigest, episodeHash } from './corpusDigest.ts';
export { encodeJsonl, encodeCorpusJsonl, decodeJsonl, episodeToJsonLine, type DecodeResult } from './jsonl.ts';
export { ARROW_SHA_PLACEHOLDER, arrowFileSha256, arrowShaOffset } from './arrowSha.ts';
export {
  ARROW_CORPUS_KEY,
  JSONL_HEADER_PREFIX,
  LinesDigest,
  corpusHeaderText,
  parseCorpusHeader,
  digestMismatch,
  type CorpusHeader,
} from './corpusHeader.ts';
export { encodeArrow, decodeArrow } from './arrow.ts';
export { adaptAgentDojo, parseAgentDojo, pipelineFromPath, NOT_EXECUTED } from './agentdojo.ts';
export { adaptTau2 } from './tau2.ts';
export { adaptTauBench } from './tauBench.ts';
export { adaptOpenAiChat, parseOpenAiChatJsonl } from './openaiChat.ts';
export { decodeDocument, detectFormat, UNRECOGNIZED_FORMAT, type DocumentFormat } from './document.ts';
export {
  CORPUS_ENCODINGS,
  CORPUS_FORMATS,
  LOG_FORMATS,
  LOG_FORMAT_NAMES,
  SOURCE_FORMATS,
  detectLogFormat,
  logFormat,
  type LogFormatName,
} from './formats.ts';
export type { LogFormat } from './logFormat.ts';
export { readCorpus, type CorpusFormat, type CorpusResult, type CorpusSummary, type ReadCorpusOptions } from './corpus.ts';
export { streamCorpus, type CorpusStream, type StreamCorpusOptions } from './streamCorpus.ts';
export { JsonlDecoder } from './jsonlDecoder.ts';
export { decodeJsonlLine, type LineSkip } from './jsonlLine.ts';
export { DeferredCorpus, type DecodedLine, type DeferredPiece, type EpisodeHead } from './deferredCorpus.ts';
export { listCorpus, type CorpusListing } from './corpusFiles.ts';
export { INVALID_UTF8_LINE, LineSplitter, MAX_LINE_BYTES } from './lineSplitter.ts';
export { forEachRecordLine, recordLineTexts, type RecordLines } from './recordLines.ts';
export { idIssue, okIssue } from './stepOk.ts';
export { fileStem } from './fields.ts';
export { FLAG_ONLY, TAU2_FAILURE, TAU_BENCH_FAILURE, toolFailure, type FailureSignals } from './toolFailure.ts';
export { JsonlCorpusWriter } from './jsonlCorpusWriter.ts';
export { GzipJsonlCorpusWriter } from './gzipJsonlCorpusWriter.ts';
export { readLabels, readLabelsBeside, readLabelRowsBeside, labelsPathFor } from './labelsReader.ts';
export { inspectCorpus, unknownToolCounts, type GroupStats, type InspectReport } from './inspect.ts';
export { corpusSummaryLines, inspectLines } from './inspectLines.ts';
export { corpusToolUse, type CorpusToolUse } from './corpusToolUse.ts';
export { isCarbCorpusFile } from './carbCorpusFile.ts';
