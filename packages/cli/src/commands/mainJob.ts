import type { MainArgs } from '@carb/jobs';
import { text } from '../options/specs.ts';
import { defineCommand } from './define.ts';

export type { MainArgs };

// no requiresArg: a bare `--out` reaches the text check, which names the flag
const optional = { requiresArg: false };

export const command = defineCommand<MainArgs>({
  command: 'main',
  describe: 'Run the main job (npm start): calibrate on the bundled real AgentDojo logs and constructed suites into ./out',
  options: {
    job: text('job file (relative to --root)', { ...optional, default: 'configs/jobs/default.json' }),
    root: text('project root the job paths are relative to', { ...optional, default: '.' }),
    out: text("report directory (default: the job's; with --section, the section's folder in it)", optional),
    section: text('run only this section of the job (its slug) into a report of its own', optional),
  },
  handler: async (args) => (await import('./mainJob.run.ts')).run(args),
});
