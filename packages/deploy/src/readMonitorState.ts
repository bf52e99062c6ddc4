import { carbPath, describeValue, schemaIssues, schemaValidator } from '@carb/io';
import { monitorStateText, sha256Hex, type MonitorState } from './monitorState.ts';

/** configs/schema/monitor-state.schema.json, the shape of a monitor state file. */
export const MONITOR_STATE_SCHEMA_PATH = carbPath('configs/schema/monitor-state.schema.json');

/** True when `text` is a monitor state as carb writes it (what outputFileProblem asks before overwriting). */
export function isMonitorStateText(text: string): boolean {
  try {
    const o: unknown = JSON.parse(text);
    return o !== null && typeof o === 'object' && (o as { carbMonitorState?: unknown }).carbMonitorState === 1;
  } catch {
    return false;
  }
}

/**
 * A monitor state file read back, checked whole: its shape, and its hash chain — each batch's
 * previousStateSha256 must be the SHA-256 of the state as it stood before that batch, and the
 * file must be byte for byte the text carb writes for it. A batch record dropped, reordered or
 * edited breaks the chain; one line naming the file and the batch otherwise.
 */
export function readMonitorState(file: string, text: string): MonitorState {
  let o: MonitorState;
  try {
    o = JSON.parse(text) as MonitorState;
  } catch (e) {
    throw new Error(`${file}: expected a carb monitor state (JSON), found ${(e as Error).message}`);
  }
  const issues = schemaIssues(schemaValidator(MONITOR_STATE_SCHEMA_PATH), o);
  if (issues.length > 0) throw new Error(issues.map((i) => `${file}: ${i.replace(/^\/: /, '')}`).join('\n'));
  const r = o.row;
  const before: MonitorState = { carbMonitorState: 1, row: r, delta: o.delta, batches: [] };
  o.batches.forEach((b, k) => {
    const at = `/batches/${k}`;
    // what a schema cannot say: one id digest per loss
    if (b.idDigests.length !== b.losses.length)
      throw new Error(
        `${file}: ${at}/idDigests: expected ${b.losses.length} id digests (one per loss), found ${describeValue(b.idDigests)}`,
      );
    const expected = k === 0 ? null : sha256Hex(monitorStateText(before));
    if (b.previousStateSha256 !== expected) {
      throw new Error(
        `${file}: ${at}/previousStateSha256: expected ${expected ?? 'null (the first batch)'}, found ${JSON.stringify(b.previousStateSha256)}: the hash chain is broken (a batch dropped, reordered or edited); refusing to continue it`,
      );
    }
    before.batches.push(b);
  });
  if (monitorStateText(before) !== text)
    throw new Error(`${file}: expected the bytes carb wrote for this state, found an edited file; refusing to continue it`);
  return before;
}
