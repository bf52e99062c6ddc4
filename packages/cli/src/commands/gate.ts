import type { CorpusFormat } from '@carb/episodes';
import { CORPUS, flag, paths, text } from '../options/specs.ts';
import { UsageError } from '../options/usageError.ts';
import { GATE_CHOICE, checkGateChoice, type GateChoiceArgs } from '../options/gateChoice.ts';
import { defineCommand } from './define.ts';

export interface GateArgs extends GateChoiceArgs {
  check?: string[];
  allThresholds: boolean;
  episode?: string;
  format: CorpusFormat;
  strict: boolean;
  includeAborted: boolean;
}

function check(a: GateArgs): void {
  if (a.allThresholds && a.check === undefined) throw new UsageError('--all-thresholds: expected together with --check, found it alone');
  if (a.allThresholds && a.lambda !== undefined)
    throw new UsageError('--all-thresholds: expected either --all-thresholds or --lambda, found both');
  if (a.check !== undefined && a.episode !== undefined)
    throw new UsageError('--episode: expected without --check (checked episodes use their own ids), found both');
  checkGateChoice(a, { thresholdRequired: !a.allThresholds });
}

export const command = defineCommand<GateArgs>({
  command: 'gate',
  describe: "Run the calibrated gate online on one episode's events (JSONL on stdin), or check it against replay (--check)",
  options: {
    ...GATE_CHOICE,
    lambda: text('threshold λ instead of a deploy row: a grid value such as .58 (-1 is λ⊥)'),
    check: paths(
      'App. H agreement check: drive the gate through every episode of these corpora (AgentDojo runs dir, .jsonl, .jsonl.gz, .arrow) and compare with replay',
    ),
    'all-thresholds': flag('with --check: every grid threshold instead of one'),
    episode: text('episode key of the stdin episode for the equal-size random selector (default online)'),
    ...CORPUS,
  },
  check,
  handler: async (args) => (await import('./gate.run.ts')).run(args),
});
