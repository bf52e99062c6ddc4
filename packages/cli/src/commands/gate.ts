import type { CommandModule } from 'yargs';
import type { CorpusFormat } from '@carb/episodes';
import { flagSpec, formatSpec, includeAbortedSpec, strictSpec, textSpec } from '../options/specs.ts';
import { textListOption } from '../options/text.ts';
import { UsageError } from '../options/usageError.ts';
import { checkGateChoice, gateChoiceOptions, type GateChoiceArgs } from '../options/gateChoice.ts';

export interface GateArgs extends GateChoiceArgs {
  check?: string[];
  'all-thresholds': boolean;
  episode?: string;
  format: CorpusFormat;
  strict: boolean;
  'include-aborted': boolean;
}

export const command: CommandModule<object, GateArgs> = {
  command: 'gate',
  describe: "Run the calibrated gate online on one episode's events (JSONL on stdin), or check it against replay (--check)",
  builder: (y) =>
    gateChoiceOptions(y)
      .option('lambda', textSpec('lambda', 'threshold λ instead of a deploy row: a grid value such as .58 (-1 is λ⊥)'))
      .option('check', {
        type: 'string',
        array: true,
        requiresArg: true,
        describe:
          'App. H agreement check: drive the gate through every episode of these corpora (AgentDojo runs dir, .jsonl, .jsonl.gz, .arrow) and compare with replay',
        coerce: textListOption('--check'),
      })
      .option('all-thresholds', flagSpec('with --check: every grid threshold instead of one'))
      .option('episode', textSpec('episode', 'episode key of the stdin episode for the equal-size random selector (default online)'))
      .option('format', formatSpec())
      .option('strict', strictSpec())
      .option('include-aborted', includeAbortedSpec())
      .check((argv) => {
        const a = argv as unknown as GateArgs;
        if (a['all-thresholds'] && a.check === undefined)
          throw new UsageError('--all-thresholds: expected together with --check, found it alone');
        if (a['all-thresholds'] && a.lambda !== undefined)
          throw new UsageError('--all-thresholds: expected either --all-thresholds or --lambda, found both');
        if (a.check !== undefined && a.episode !== undefined)
          throw new UsageError('--episode: expected without --check (checked episodes use their own ids), found both');
        checkGateChoice(a, { thresholdRequired: !a['all-thresholds'] });
        return true;
      }) as never,
  // the work, and the modules it needs, load only once the options have passed
  handler: async (args) => (await import('./gate.run.ts')).run(args),
};
