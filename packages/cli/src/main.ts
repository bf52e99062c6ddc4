import yargs from 'yargs';
import type { CommandModule } from 'yargs';
import { setInvocation } from './argv.ts';
import { command as calibrate } from './commands/calibrate.ts';
import { command as ingest } from './commands/ingest.ts';
import { command as inspect } from './commands/inspect.ts';
import { command as mainJob } from './commands/mainJob.ts';
import { command as replay } from './commands/replay.ts';
import { command as suite } from './commands/suite.ts';
import { command as verify } from './commands/verify.ts';

// Each command lives in its own file under commands/; register it here.
const commands: CommandModule<object, any>[] = [ingest, inspect, replay, suite, calibrate, verify, mainJob];

/** Runs the carb CLI; resolves to the process exit code. */
export async function main(argv: string[]): Promise<number> {
  let code = 0;
  process.exitCode = 0;
  setInvocation(argv);
  const cli = yargs(argv)
    .scriptName('carb')
    .usage('carb <command> [options]\n\nOffline conformal calibration of agent safety gates (G-CARB).')
    .strict()
    .demandCommand(1, 'Name a command; see carb --help.')
    .help()
    .version(false)
    .fail((msg, err) => {
      if (err) throw err;
      process.stderr.write(`carb: ${msg}\n`);
      code = 2;
    });
  for (const c of commands) cli.command(c);
  try {
    await cli.parseAsync(argv, { exit: (n: number) => { code = n; } });
  } catch (e) {
    // handler errors are the one-line messages users act on; no stack trace
    process.stderr.write(`carb: ${(e as Error).message}\n`);
    return 1;
  }
  return code || Number(process.exitCode ?? 0);
}
