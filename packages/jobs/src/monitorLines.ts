import type { MonitorResult } from './monitor.ts';

/** A share or bound as the report prints budgets: three decimals, no leading zero. */
const decimal = (x: number): string => x.toFixed(3).replace(/^0\./, '.');
const eText = (x: number): string => (x < 1e6 ? x.toFixed(2) : x.toExponential(2));

/** What `carb monitor` prints of a batch: the batch, the risk so far, the alarm or not, and the state file to pin next. */
export function monitorLines(r: MonitorResult, stateFile: string): string[] {
  const { alpha, delta, by, state } = r;
  const now = r.risk.checkpoints.at(-1)!;
  const skipped = by ? ` (${r.leftOut} of other ${by} values left out)` : '';
  const verdict =
    r.risk.alarmAt !== null
      ? [
          `ALARM at episode ${r.risk.alarmAt}: the deployed gate's risk exceeds α = ${alpha} (anytime-valid at δ = ${delta})`,
          `recalibrate: ${String(r.recalibrate)}`,
        ]
      : [`no alarm: the e-process has stayed below 1/δ, no evidence yet that the risk exceeds α = ${alpha} (keep monitoring)`];
  return [
    `monitor: ${r.description}`,
    `batch ${state.batches.length}: ${r.batchEpisodes} episodes${skipped}, ledger loss ${r.batchLoss} (${decimal(r.batchLoss / r.batchEpisodes)}); corpus digest ${r.corpusDigest.slice(0, 12)}…`,
    `so far: ${state.batches.length} batch(es), ${now.episodes} episodes, ledger loss ${now.lossSum} (${decimal(now.lossSum / now.episodes)})`,
    `e-process for risk ≤ α = ${alpha}: ${eText(now.eValue)} (alarm at 1/δ = ${eText(1 / delta)})`,
    `risk ≥ ${decimal(now.lowerBound)} (betting confidence sequence, anytime-valid at δ = ${delta})`,
    ...verdict,
    `state: ${stateFile} (sha256 ${r.stateSha256}; --expect-state-hash it next time)`,
  ];
}
