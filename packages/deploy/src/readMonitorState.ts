import { monitorStateText, sha256Hex, type MonitorState } from './monitorState.ts';

const HEX64 = /^[0-9a-f]{64}$/;

/** True when `text` is a monitor state as carb writes it (what outputFileProblem asks before overwriting). */
export function isMonitorStateText(text: string): boolean {
  try {
    const o = JSON.parse(text) as { carbMonitorState?: unknown } | null;
    return o !== null && typeof o === 'object' && o.carbMonitorState === 1;
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
  const bad = (where: string, expected: string, found: unknown) => new Error(`${file}: ${where}: expected ${expected}, found ${JSON.stringify(found)}`);
  if (o === null || typeof o !== 'object' || o.carbMonitorState !== 1) throw bad('/carbMonitorState', '1 (a carb monitor state)', (o as { carbMonitorState?: unknown } | null)?.carbMonitorState);
  const r = o.row;
  if (r === null || typeof r !== 'object' || typeof r.deploySha256 !== 'string' || !HEX64.test(r.deploySha256) || typeof r.method !== 'string' || typeof r.alpha !== 'number'
    || typeof r.stratum !== 'string' || typeof r.guarantee !== 'string' || !Number.isInteger(r.lambdaIndex)) throw bad('/row', 'the deploy row { deploySha256, method, alpha, stratum, guarantee, lambdaIndex }', r);
  if (typeof o.delta !== 'number' || !(o.delta > 0 && o.delta < 1)) throw bad('/delta', 'a number in (0, 1)', o.delta);
  if (!Array.isArray(o.batches)) throw bad('/batches', 'an array', o.batches);
  const before: MonitorState = { carbMonitorState: 1, row: r, delta: o.delta, batches: [] };
  o.batches.forEach((b, k) => {
    const at = `/batches/${k}`;
    if (b === null || typeof b !== 'object' || typeof b.corpusDigest !== 'string' || typeof b.losses !== 'string' || !/^[01]*$/.test(b.losses)
      || !Array.isArray(b.idDigests) || b.idDigests.length !== b.losses.length || !b.idDigests.every((d) => typeof d === 'string' && /^[0-9a-f]{16}$/.test(d))) {
      throw bad(at, '{ previousStateSha256, corpusDigest, losses ("0"/"1" per episode), idDigests (one per loss) }', b);
    }
    const expected = k === 0 ? null : sha256Hex(monitorStateText(before));
    if (b.previousStateSha256 !== expected) {
      throw new Error(`${file}: ${at}/previousStateSha256: expected ${expected ?? 'null (the first batch)'}, found ${JSON.stringify(b.previousStateSha256)}: the hash chain is broken (a batch dropped, reordered or edited); refusing to continue it`);
    }
    before.batches.push(b);
  });
  if (monitorStateText(before) !== text) throw new Error(`${file}: expected the bytes carb wrote for this state, found an edited file; refusing to continue it`);
  return before;
}
