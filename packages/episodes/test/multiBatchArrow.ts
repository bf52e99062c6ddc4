import { createHash } from 'node:crypto';
import { Schema, Table, tableFromIPC, tableToIPC } from 'apache-arrow';

/**
 * The Arrow file `encodeArrow` wrote, rewritten with its rows in record batches of
 * `rows` (sharing one dictionary per column, as the IPC file format requires), and its
 * whole-file digest recomputed as documented (SHA-256 with its own 64 digits as zeros).
 * The rows and the content digest are unchanged.
 */
export function multiBatchArrow(single: Uint8Array, rows: number): Uint8Array {
  const table = tableFromIPC(single);
  const header = JSON.parse(table.schema.metadata.get('carb.corpus')!) as Record<string, unknown>;
  const zeros = '0'.repeat(64);
  const metadata = new Map([['carb.corpus', JSON.stringify({ ...header, arrowSha256: zeros })]]);
  const batches = [];
  for (let k = 0; k < table.numRows; k += rows) batches.push(...table.slice(k, k + rows).batches);
  const bytes = tableToIPC(new Table(new Schema(table.schema.fields, metadata, table.schema.dictionaries), batches), 'file');
  const key = Buffer.from(`"arrowSha256":"${zeros}"`, 'latin1');
  const at = Buffer.from(bytes).lastIndexOf(key) + '"arrowSha256":"'.length;
  const sha = createHash('sha256').update(bytes).digest('hex');
  bytes.set(Buffer.from(sha, 'latin1'), at);
  return bytes;
}
