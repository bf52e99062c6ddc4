import type { CorpusFormat } from '@carb/episodes';
import { FORMAT, flag, includeContent, pathList, required, text } from '../options/specs.ts';
import { GATE_CHOICE, checkGateChoice, type GateChoiceArgs } from '../options/gateChoice.ts';
import { defineCommand } from './define.ts';

export interface ExplainArgs extends GateChoiceArgs {
  corpus: string[];
  episode: string;
  json: boolean;
  format: CorpusFormat;
  includeContent: boolean;
}

export const command = defineCommand<ExplainArgs>({
  command: 'explain <corpus..>',
  describe:
    'Explain the gate on one logged episode: per step the score, fired features, selected context and its edges, ledger events, and the stop',
  options: {
    ...GATE_CHOICE,
    corpus: pathList('AgentDojo runs dir, .jsonl, .jsonl.gz or .arrow corpus'),
    episode: required('id of the episode to explain'),
    lambda: text('threshold λ: a grid value such as .58 (-1 is λ⊥); without it or --deploy every step is scored'),
    json: flag('print the explanation as JSON'),
    ...FORMAT,
    'include-content': includeContent("the proposals' argument values and the ledger events' evidence"),
  },
  check: (a) => checkGateChoice(a, { thresholdRequired: false }),
  handler: async (args) => (await import('./explain.run.ts')).run(args),
});
