import { printable } from '@carb/io';
import { monitor } from '@carb/jobs';
import { printNotice } from '../printNotice.ts';
import type { MonitorArgs } from './monitor.ts';

/** A share or bound as the report prints budgets: three decimals, no leading zero. */
const decimal = (x: number): string => x.toFixed(3).replace(/^0\./, '.');
const eText = (x: number): string => (x < 1e6 ? x.toFixed(2) : x.toExponential(2));

/** `carb monitor`, once its options have passed: the job (@carb/jobs), then the batch and the risk so far. */
export async function run(args: MonitorArgs): Promise<void> {
  const r = await monitor(args, printNotice);
  const { alpha, delta, by, state } = r;
  const now = r.risk.checkpoints.at(-1)!;
  const out = (line: string) => process.stdout.write(`${printable(line)}\n`);
  out(`monitor: ${r.description}`);
  const skipped = by ? ` (${r.leftOut} of other ${by} values left out)` : '';
  out(
    `batch ${state.batches.length}: ${r.batchEpisodes} episodes${skipped}, ledger loss ${r.batchLoss} (${decimal(r.batchLoss / r.batchEpisodes)}); corpus digest ${r.corpusDigest.slice(0, 12)}…`,
  );
  out(
    `so far: ${state.batches.length} batch(es), ${now.episodes} episodes, ledger loss ${now.lossSum} (${decimal(now.lossSum / now.episodes)})`,
  );
  out(`e-process for risk ≤ α = ${alpha}: ${eText(now.eValue)} (alarm at 1/δ = ${eText(1 / delta)})`);
  out(`risk ≥ ${decimal(now.lowerBound)} (betting confidence sequence, anytime-valid at δ = ${delta})`);
  if (r.risk.alarmAt !== null) {
    out(`ALARM at episode ${r.risk.alarmAt}: the deployed gate's risk exceeds α = ${alpha} (anytime-valid at δ = ${delta})`);
    out(`recalibrate: ${String(r.recalibrate)}`);
    process.exitCode = 1;
  } else {
    out(`no alarm: the e-process has stayed below 1/δ, no evidence yet that the risk exceeds α = ${alpha} (keep monitoring)`);
  }
  out(`state: ${args.state} (sha256 ${r.stateSha256}; --expect-state-hash it next time)`);
}
