import { createHash } from 'node:crypto';

/** The deploy row a monitor state belongs to: a state of another row is refused. */
export interface MonitoredRow {
  /** SHA-256 of the deploy.json the row was read from. */
  deploySha256: string;
  method: string;
  alpha: number;
  stratum: string;
  guarantee: string;
  lambdaIndex: number;
}

/** One labelled batch taken into the monitor, content-free: digests and 0/1 losses only. */
export interface MonitorBatch {
  /** SHA-256 of the state file's bytes before this batch (null for the first): the hash chain. */
  previousStateSha256: string | null;
  /** The batch's corpus digest (@carb/episodes corpusDigest). */
  corpusDigest: string;
  /** Executed-prefix ledger loss of each episode at the deployed λ, in arrival order ('0'/'1'). */
  losses: string;
  /** SHA-256 of each episode id, first 16 hex digits, in the same order: a replayed episode is refused. */
  idDigests: string[];
}

/** monitor.json: what `carb monitor` has taken in so far, resumable and hash-chained. */
export interface MonitorState {
  carbMonitorState: 1;
  row: MonitoredRow;
  /** δ of the alarm: fixed when the state starts (choosing it after looking would void the guarantee). */
  delta: number;
  batches: MonitorBatch[];
}

/** The bytes of a state file: the same state always gives the same text (its SHA-256 chains the next batch). */
export function monitorStateText(state: MonitorState): string {
  const { row, delta, batches } = state;
  const ordered = {
    carbMonitorState: 1,
    row: {
      deploySha256: row.deploySha256,
      method: row.method,
      alpha: row.alpha,
      stratum: row.stratum,
      guarantee: row.guarantee,
      lambdaIndex: row.lambdaIndex,
    },
    delta,
    batches: batches.map((b) => ({
      previousStateSha256: b.previousStateSha256,
      corpusDigest: b.corpusDigest,
      losses: b.losses,
      idDigests: b.idDigests,
    })),
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

/** SHA-256 (hex) of a text's UTF-8 bytes. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The id digest a state records for an episode id (no id text is kept). */
export function idDigest(id: string): string {
  return sha256Hex(id).slice(0, 16);
}
