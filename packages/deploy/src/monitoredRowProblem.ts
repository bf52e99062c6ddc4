import type { MonitorState, MonitoredRow } from './monitorState.ts';

/**
 * Why `state` (file `file`) cannot take batches for `row` at `delta`, or null: a state of
 * another deploy row (deploy.json's SHA-256, method, α, stratum, guarantee or λ index) or
 * another δ. Checked before any replay.
 */
export function monitoredRowProblem(file: string, state: MonitorState, row: MonitoredRow, delta: number): string | null {
  const p = state.row;
  for (const k of ['deploySha256', 'method', 'alpha', 'stratum', 'guarantee', 'lambdaIndex'] as const) {
    if (p[k] !== row[k])
      return `${file}: /row/${k}: expected ${JSON.stringify(row[k])} (the deploy row monitored now), found ${JSON.stringify(p[k])}: this state monitors another deploy row; give another --state`;
  }
  if (state.delta !== delta) return `${file}: /delta: expected ${delta} (--delta), found ${state.delta}: δ is fixed when a state starts`;
  return null;
}
