import { monitoredRowProblem } from './monitoredRowProblem.ts';
import { idDigest, monitorStateText, sha256Hex, type MonitorState, type MonitoredRow } from './monitorState.ts';

/** A labelled batch as replay gives it: the episodes in arrival order with their loss at the deployed λ. */
export interface LabelledBatch {
  corpusDigest: string;
  ids: readonly string[];
  /** 0/1 executed-prefix ledger loss per episode. */
  losses: ArrayLike<number>;
}

/**
 * The state after `batch`, chained to `previous` (null: a new state for `row` at `delta`).
 * Refused with one line, naming `file`: a state of another deploy row (deploy.json's SHA-256,
 * method, α, stratum, guarantee, λ index) or another δ, a batch already taken in (its corpus
 * digest, or any episode id, seen before: a replayed batch would count its losses twice and
 * void the supermartingale), an empty batch.
 */
export function appendMonitorBatch(
  file: string,
  previous: MonitorState | null,
  row: MonitoredRow,
  delta: number,
  batch: LabelledBatch,
): MonitorState {
  if (batch.ids.length === 0) throw new Error('the new logs hold no usable episode; nothing to monitor');
  const problem = previous ? monitoredRowProblem(file, previous, row, delta) : null;
  if (problem) throw new Error(problem);
  const batches = previous?.batches ?? [];
  const seenBatch = batches.findIndex((b) => b.corpusDigest === batch.corpusDigest);
  if (seenBatch >= 0)
    throw new Error(
      `${file}: the new logs (corpus digest ${batch.corpusDigest.slice(0, 12)}…) are batch ${seenBatch + 1} already taken in; refusing to count them twice`,
    );
  const digests = batch.ids.map(idDigest);
  const seen = new Map<string, number>();
  batches.forEach((b, k) => {
    for (const d of b.idDigests) seen.set(d, k);
  });
  const again = digests.findIndex((d) => seen.has(d));
  if (again >= 0)
    throw new Error(
      `${file}: episode ${JSON.stringify(batch.ids[again])} of the new logs is in batch ${seen.get(digests[again]!)! + 1} already taken in; refusing to count it twice`,
    );
  const losses = Array.from(batch.losses, (l) => {
    if (l !== 0 && l !== 1) throw new Error(`appendMonitorBatch: expected 0/1 losses, found ${l}`);
    return String(l);
  }).join('');
  const base: MonitorState = previous ?? { carbMonitorState: 1, row, delta, batches: [] };
  return {
    ...base,
    batches: [
      ...batches,
      {
        previousStateSha256: previous ? sha256Hex(monitorStateText(previous)) : null,
        corpusDigest: batch.corpusDigest,
        losses,
        idDigests: digests,
      },
    ],
  };
}
