import type { CommandModule } from 'yargs';
import type { CorpusFormat } from '@carb/episodes';
import { flagSpec, formatSpec, textSpec } from '../options/specs.ts';
import { includeContentSpec } from '../options/includeContent.ts';
import { textListOption } from '../options/text.ts';
import { checkGateChoice, gateChoiceOptions, type GateChoiceArgs } from '../options/gateChoice.ts';

export interface ExplainArgs extends GateChoiceArgs {
  corpus: string[];
  episode: string;
  json: boolean;
  format: CorpusFormat;
  'include-content': boolean;
}

export const command: CommandModule<object, ExplainArgs> = {
  command: 'explain <corpus..>',
  describe:
    'Explain the gate on one logged episode: per step the score, fired features, selected context and its edges, ledger events, and the stop',
  builder: (y) =>
    gateChoiceOptions(y)
      .positional('corpus', {
        type: 'string',
        array: true,
        demandOption: true,
        describe: 'AgentDojo runs dir, .jsonl, .jsonl.gz or .arrow corpus',
        coerce: textListOption('<corpus>'),
      })
      .option('episode', textSpec('episode', 'id of the episode to explain', { required: true }))
      .option('lambda', textSpec('lambda', 'threshold λ: a grid value such as .58 (-1 is λ⊥); without it or --deploy every step is scored'))
      .option('json', flagSpec('print the explanation as JSON'))
      .option('format', formatSpec())
      .option('include-content', includeContentSpec("the proposals' argument values and the ledger events' evidence"))
      .check((argv) => {
        checkGateChoice(argv as unknown as ExplainArgs, { thresholdRequired: false });
        return true;
      }) as never,
  // the work, and the modules it needs, load only once the options have passed
  handler: async (args) => (await import('./explain.run.ts')).run(args),
};
