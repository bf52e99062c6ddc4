import yargs from 'yargs';
import type { CommandModule } from 'yargs';
import { command as replay } from './commands/replay.ts';
import { command as ingest } from './commands/ingest.ts';
import { command as inspect } from './commands/inspect.ts';
import { command as suite } from './commands/suite.ts';

// Each command lives in its own file under commands/; register it here.
const commands: CommandModule<object, any>[] = [ingest, inspect, replay, suite];

/** Runs the carb CLI; resolves to the process exit code. */
export async function main(argv: string[]): Promise<number> {
  let code = 0;
  const cli = yargs(argv)
    .scriptName('carb')
    .usage('carb <command> [options]\n\nOffline conformal calibration of agent safety gates (G-CARB).')
    .strict()
    .demandCommand(1, 'Name a command; see carb --help.')
    .help()
    .version(false)
    .fail((msg, err) => {
      process.stderr.write(`carb: ${err ? err.message : msg}\n`);
      code = 2;
    });
  for (const c of commands) cli.command(c);
  const exit = (n: number) => { code = n; };
  await cli.parseAsync(argv, { exit });
  return code || Number(process.exitCode ?? 0);
}
