import { path } from '../options/specs.ts';
import { defineCommand } from './define.ts';
import { groupCommand } from './group.ts';

export interface DiffArgs {
  a: string;
  b: string;
}

const diff = defineCommand<DiffArgs>({
  command: 'diff <a> <b>',
  describe:
    "λ changes between two calibrations' deploy.json, per method × α × stratum, with each one's held-out estimates (summary.json beside it)",
  options: { a: path('the earlier deploy.json'), b: path('the later deploy.json (e.g. after recalibrating)') },
  handler: async (args) => (await import('./deployDiff.run.ts')).run(args),
});

export const { command, subcommands } = groupCommand(
  'deploy',
  'Deployed thresholds: `carb deploy diff a/deploy.json b/deploy.json` compares two calibrations',
  [diff],
);
