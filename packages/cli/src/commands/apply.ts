import type { CommandModule } from 'yargs';
import { outputFolderProblem } from '@carb/io';
import { formatSpec, includeAbortedSpec, integerSpec, strictSpec, textSpec } from '../options/specs.ts';
import { textListOption } from '../options/text.ts';
import { checkLedgerArgs, ledgerOptions } from '../options/ledger.ts';
import { UsageError, badValue } from '../options/usageError.ts';
import { single } from '../options/single.ts';
import { checkGateChoice, gateChoiceOptions } from '../options/gateChoice.ts';
import { APPLY_RULE, type ApplyArgs } from '@carb/jobs';

export type { ApplyArgs };

/** --delta: a decimal in (0, 1). */
const deltaOption = (raw: unknown): number => {
  const text = single('--delta', raw);
  const x = typeof text === 'number' ? text : typeof text === 'string' && /^(0?\.\d+)$/.test(text.trim()) ? Number(text) : NaN;
  if (!(x > 0 && x < 1)) throw badValue('--delta', 'a decimal in (0, 1) such as .05', text);
  return x;
};

export const command: CommandModule<object, ApplyArgs> = {
  command: 'apply <logs..>',
  describe:
    'Run a deployed gate (a deploy.json row) over new logs: realized loss, intervention and success, and a label-free check that the logs still match the calibration',
  builder: (y) =>
    gateChoiceOptions(ledgerOptions(y))
      .positional('logs', {
        type: 'string',
        array: true,
        demandOption: true,
        describe: 'new logs: AgentDojo runs dir, .jsonl(.gz) or .arrow corpus',
        coerce: textListOption('<logs>'),
      })
      .option(
        'out',
        textSpec('out', 'output folder: episodes.arrow, episodes.csv, summary.json, index.html, manifest.json', { required: true }),
      )
      .option('permutations', integerSpec('permutations', 'permutations of the two-sample test (integer ≥ 1)', 1, 9999))
      .option(
        'seed',
        integerSpec('seed', "seed of the permutations and of the conformal p-values' tie-breaking (non-negative integer)", 0, 0),
      )
      .option('delta', {
        type: 'string',
        requiresArg: true,
        default: '.05',
        describe: "level of the shift test and the martingale's Ville alarm at 1/δ, in (0, 1)",
        coerce: deltaOption,
      })
      .option('format', formatSpec())
      .option('strict', strictSpec())
      .option('include-aborted', includeAbortedSpec())
      .check((argv) => {
        const a = argv as unknown as ApplyArgs;
        if (a.deploy === undefined)
          throw new UsageError('--deploy: expected the deploy.json of a calibration (with --method and --alpha), found nothing');
        checkGateChoice(a, { thresholdRequired: false });
        checkLedgerArgs(a);
        const problem = outputFolderProblem(a.out, APPLY_RULE);
        if (problem) throw new UsageError(`--out: ${problem}`);
        return true;
      }) as never,
  // the work, and the modules it needs, load only once the options have passed
  handler: async (args) => (await import('./apply.run.ts')).run(args),
};
