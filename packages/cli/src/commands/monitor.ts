import type { MonitorArgs } from '@carb/jobs';
import { parseDelta } from '../options/delta.ts';
import { parseSha256 } from '../options/hash.ts';
import { checkLedgerArgs } from '../options/ledger.ts';
import { CORPUS, LEDGER, WORKERS, parsed, pathList, required } from '../options/specs.ts';
import { UsageError } from '../options/usageError.ts';
import { GATE_CHOICE, checkGateChoice } from '../options/gateChoice.ts';
import { defineCommand } from './define.ts';

export type { MonitorArgs };

function check(a: MonitorArgs): void {
  if (a.deploy === undefined)
    throw new UsageError('--deploy: expected the deploy.json of the calibration whose gate is monitored, found nothing');
  checkGateChoice(a, { thresholdRequired: true });
  if (a.method === 'executed-step-crc')
    throw new UsageError(
      '--method: expected a method calibrated on the ledger loss, found executed-step-crc (its row certifies the executed-step rate, which the monitor does not track)',
    );
  checkLedgerArgs(a);
}

export const command = defineCommand<MonitorArgs>({
  command: 'monitor <logs..>',
  describe: 'Anytime-valid risk monitoring of a deployed gate as labelled episodes arrive: a betting e-process for risk ≤ α, alarm at 1/δ',
  options: {
    ...GATE_CHOICE,
    ...LEDGER,
    logs: pathList('the new labelled batch: AgentDojo runs dir, .jsonl(.gz) or .arrow corpus, episodes in arrival order'),
    state: required('monitor state file (created on the first batch, each later batch appended to it)', ['.json']),
    delta: parsed(
      'alarm level δ in (0, 1): the alarm is false with probability ≤ δ over all batches (default .05; fixed when the state starts)',
      parseDelta,
    ),
    'expect-state-hash': parsed('refuse unless the state file has this SHA-256 (the "state sha256" the previous run printed)', parseSha256),
    ...CORPUS,
    workers: WORKERS,
  },
  check,
  handler: async (args) => (await import('./monitor.run.ts')).run(args),
});
