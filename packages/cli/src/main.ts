import { printable } from '@carb/io';
import yargs, { type Argv } from 'yargs';
import { setInvocation } from './argv.ts';
import { CARB_VERSION } from '@carb/jobs';
import { command as apply } from './commands/apply.ts';
import { command as audit } from './commands/audit.ts';
import { command as deploy, subcommands as deploySubcommands } from './commands/deploy.ts';
import { command as calibrate } from './commands/calibrate.ts';
import { command as explain } from './commands/explain.ts';
import { command as gate } from './commands/gate.ts';
import { command as ingest } from './commands/ingest.ts';
import { command as inspect } from './commands/inspect.ts';
import { command as mainJob } from './commands/mainJob.ts';
import { command as monitor } from './commands/monitor.ts';
import { command as nearmiss } from './commands/nearmiss.ts';
import { command as pipeline, subcommands as pipelineSubcommands } from './commands/pipeline.ts';
import { command as replay } from './commands/replay.ts';
import { command as suite } from './commands/suite.ts';
import { command as sweep } from './commands/sweep.ts';
import { command as tools, subcommands as toolsSubcommands } from './commands/tools.ts';
import { command as verify } from './commands/verify.ts';
import { parseContext, resetParseContext, tracked, type AnyCommand } from './options/parseContext.ts';
import { UsageError } from './options/usageError.ts';
import { MISSING_COMMAND, YARGS_MESSAGES, usageLine } from './options/yargsMessage.ts';

// Each command lives in its own file under commands/; register it here.
const commands: AnyCommand[] = [
  ingest,
  inspect,
  replay,
  suite,
  calibrate,
  gate,
  apply,
  explain,
  verify,
  mainJob,
  pipeline,
  sweep,
  nearmiss,
  audit,
  tools,
  deploy,
  monitor,
];

/** Exit codes: 0 done, 1 bad data (files, records, a failed check), 2 bad command line (nothing was done). */
export const EXIT_DATA = 1;
export const EXIT_USAGE = 2;

function report(message: string): void {
  // a multi-line message lists several problems; each stays one `carb:` line
  for (const line of message.split('\n')) process.stderr.write(`carb: ${printable(line)}\n`);
}

/** Runs the carb CLI; resolves to the process exit code. */
export async function main(argv: string[]): Promise<number> {
  process.exitCode = 0;
  setInvocation(argv);
  resetParseContext(commands);
  const cli = yargs(argv)
    .scriptName('carb')
    // help in English whatever the locale; the refusals carb rewrites come back coded (YARGS_MESSAGES), not worded
    .locale('en')
    // y18n takes plural entries ({ one, other }) too; yargs's typings list strings only
    .updateLocale(YARGS_MESSAGES as Record<string, string>)
    .usage('carb <command> [options]\n\nOffline conformal calibration of agent safety gates (G-CARB).')
    .strict()
    .demandCommand(1, MISSING_COMMAND)
    .help()
    .version(CARB_VERSION)
    .exitProcess(false)
    .wrap(120)
    .fail((msg: string | undefined, err: Error | undefined) => {
      // yargs calls this for validation and `coerce` failures (err is then its YError) and
      // for errors thrown by handlers: throwing stops the command before its handler runs.
      if (err && err.name !== 'YError') throw err;
      throw new UsageError(usageLine(err ? err.message : (msg ?? ''), argv, parseContext()));
    });
  skipHelpCache(cli);
  for (const c of commands)
    cli.command(
      tracked(c, 'carb', c === pipeline ? pipelineSubcommands : c === tools ? toolsSubcommands : c === deploy ? deploySubcommands : []),
    );
  let output = '';
  try {
    await cli.parseAsync(argv, {}, (_err, _args, out) => {
      output = out;
    });
  } catch (e) {
    // one-line messages users act on; the stack only on request, for a bug report
    report((e as Error).message);
    if (process.env.CARB_DEBUG && !(e instanceof UsageError)) process.stderr.write(`${(e as Error).stack ?? ''}\n`);
    return e instanceof UsageError ? EXIT_USAGE : EXIT_DATA;
  }
  if (output) process.stdout.write(`${output}\n`);
  return exitCode();
}

/**
 * yargs renders the whole help text after every command it runs (usage.cacheHelpMessage, 250–330 ms
 * of a carb run), for a later showHelp()/getHelp() that carb never calls: `--help` renders its own.
 */
function skipHelpCache(cli: Argv): void {
  (cli as unknown as { getInternalMethods(): { getUsageInstance(): { cacheHelpMessage(): void } } })
    .getInternalMethods()
    .getUsageInstance().cacheHelpMessage = () => {};
}

// Read apart from main: there the `= 0` above would narrow the type, though handlers set it since.
function exitCode(): number {
  return Number(process.exitCode ?? 0);
}
