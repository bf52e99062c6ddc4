import type { CommandModule } from 'yargs';
import type { MonitorArgs } from '@carb/jobs';
import { deltaOption } from '../options/delta.ts';
import { sha256Option } from '../options/hash.ts';
import { checkLedgerArgs, ledgerOptions } from '../options/ledger.ts';
import { formatSpec, includeAbortedSpec, strictSpec, textSpec } from '../options/specs.ts';
import { textListOption } from '../options/text.ts';
import { UsageError } from '../options/usageError.ts';
import { workersSpec } from '../options/workers.ts';
import { checkGateChoice, gateChoiceOptions } from '../options/gateChoice.ts';

export type { MonitorArgs };

export const command: CommandModule<object, MonitorArgs> = {
  command: 'monitor <logs..>',
  describe: 'Anytime-valid risk monitoring of a deployed gate as labelled episodes arrive: a betting e-process for risk ≤ α, alarm at 1/δ',
  builder: (y) =>
    ledgerOptions(gateChoiceOptions(y))
      .positional('logs', {
        type: 'string',
        array: true,
        demandOption: true,
        describe: 'the new labelled batch: AgentDojo runs dir, .jsonl(.gz) or .arrow corpus, episodes in arrival order',
        coerce: textListOption('<logs>'),
      })
      .option(
        'state',
        textSpec('state', 'monitor state file (created on the first batch, each later batch appended to it)', {
          required: true,
          suffixes: ['.json'],
        }),
      )
      .option('delta', {
        type: 'string',
        requiresArg: true,
        describe:
          'alarm level δ in (0, 1): the alarm is false with probability ≤ δ over all batches (default .05; fixed when the state starts)',
        coerce: deltaOption('--delta'),
      })
      .option('expect-state-hash', {
        type: 'string',
        requiresArg: true,
        coerce: sha256Option('--expect-state-hash'),
        describe: 'refuse unless the state file has this SHA-256 (the "state sha256" the previous run printed)',
      })
      .option('format', formatSpec())
      .option('strict', strictSpec())
      .option('include-aborted', includeAbortedSpec())
      .option('workers', workersSpec())
      .check((argv) => {
        const a = argv as unknown as MonitorArgs;
        if (a.deploy === undefined)
          throw new UsageError('--deploy: expected the deploy.json of the calibration whose gate is monitored, found nothing');
        checkGateChoice(a, { thresholdRequired: true });
        if (a.method === 'executed-step-crc')
          throw new UsageError(
            '--method: expected a method calibrated on the ledger loss, found executed-step-crc (its row certifies the executed-step rate, which the monitor does not track)',
          );
        checkLedgerArgs(a);
        return true;
      }) as never,
  // the work, and the modules it needs, load only once the options have passed
  handler: async (args) => (await import('./monitor.run.ts')).run(args),
};
