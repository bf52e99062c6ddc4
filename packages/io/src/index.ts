export { writeFileAtomic } from './atomic.ts';
export { StreamedFile, TempFile } from './streamedFile.ts';
export { writeDirAtomic, type DirEntries, type WriteDirOptions } from './atomicDir.ts';
export { progress, type Progress } from './progress.ts';
export { nullableColumn } from './nullableColumn.ts';
export { dictionaryColumn } from './dictionaryColumn.ts';
export { canonicalJson, canonicalize } from './canonicalJson.ts';
export { schemaIssues, describeValue, firstIssueLine } from './schemaIssues.ts';
export { schemaValidator } from './schemaValidator.ts';
export { jsonObjectAt } from './jsonObjectAt.ts';
export { closestName } from './closestName.ts';
export { seededRandom, type Rng } from './seededRandom.ts';
export { carbPath } from './carbPath.ts';
export { workerEntry, workerThread } from './workerEntry.ts';
export { tempPathFor } from './tempPath.ts';
export { redactionMarker, redactValues, shownContent } from './redact.ts';
export { readConfigJson, refuseConfig } from './configJson.ts';
export { unreadableReason } from './unreadableReason.ts';
export { jsonlLines, parsedLines, type ParsedLine } from './jsonlLines.ts';
export { printable, printableLines, escapeControl } from './printable.ts';
export { escapeHtml } from './escapeHtml.ts';
export { PLOT_FONT_FAMILY } from './plotFont.ts';
export { csvField, csvText } from './csv.ts';
export { wilsonInterval, Z95 } from './wilson.ts';
export { markdownText } from './markdownText.ts';
export { removeOnSignal } from './signalCleanup.ts';
export { lockOutput, lockPathFor, OutputLockedError } from './outputLock.ts';
export { removeStaleTemps } from './staleTemps.ts';
export {
  OUTPUT_MARKER,
  lstatOrNull,
  claimOutputFolder,
  outputFolderProblem,
  outputLocationProblem,
  outputMarkerText,
  readOutputMarker,
  writeOutputFolder,
  type OutputRule,
} from './outputFolder.ts';
export { outputFileProblem } from './outputFile.ts';
export { fileHead } from './fileHead.ts';
export { TextMemo } from './textMemo.ts';
export { MAX_MERGED_RUNS, ascendingRuns, sortedOrder } from './sortedOrder.ts';
export { keyCount, stringifyFormKeys } from './stringifyForm.ts';
export { nameRecord } from './nameRecord.ts';
export {
  MAX_JSON_DEPTH,
  TOO_DEEP,
  jsonLimitIssue,
  parsedJsonIssue,
  unsafeIntegers,
  type JsonLimitIssue,
  type LimitOptions,
  type UnsafeIntegers,
} from './jsonLimits.ts';
export { BOM, NOT_UTF8, stripBom, utf8Text } from './utf8Text.ts';
export { fileSha256, sha256Hex } from './fileSha256.ts';
export { UsageError, badValue } from './usageError.ts';
