import { constants, gunzipSync } from 'node:zlib';
import { fileHead } from '@carb/io';
import { ARROW_CORPUS_KEY, JSONL_HEADER_PREFIX } from './corpusHeader.ts';

const HEAD = 1 << 20;

/**
 * Whether `file` begins as a corpus carb wrote (carb ingest --out): a JSONL corpus header line,
 * the same inside gzip, or an Arrow file whose schema (at its start) carries the corpus
 * header key. Only the head is read; what an overwrite would lose is judged by it, not checked.
 */
export function isCarbCorpusFile(file: string): boolean {
  try {
    const head = fileHead(file, HEAD);
    if (file.endsWith('.arrow')) return head.subarray(0, 6).toString('latin1') === 'ARROW1' && head.includes(ARROW_CORPUS_KEY);
    const text = file.endsWith('.gz') ? gunzipSync(head, { finishFlush: constants.Z_SYNC_FLUSH }) : head;
    return text.subarray(0, JSONL_HEADER_PREFIX.length).toString('utf8') === JSONL_HEADER_PREFIX;
  } catch {
    return false;
  }
}
