import { flag, path } from '../options/specs.ts';
import { defineCommand } from './define.ts';
import { groupCommand } from './group.ts';

export interface CheckArgs {
  file: string;
  json: boolean;
}

const check = defineCommand<CheckArgs>({
  command: 'check <file>',
  describe: 'Validate a pipeline config; print it normalized (canonical JSON, tool typing resolved) with its hashes',
  options: { file: path('pipeline config (.json)'), json: flag('print {config, configHash, components} as JSON') },
  handler: async (args) => (await import('./pipeline.run.ts')).run(args),
});

export const { command, subcommands } = groupCommand(
  'pipeline',
  'Pipeline configs: `carb pipeline check <file>` validates one and prints its normalized form and hashes',
  [check],
);
