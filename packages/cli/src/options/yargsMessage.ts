import { closestName } from '@carb/pipeline';

/** The demandCommand message of carb and of commands that group subcommands. */
export const MISSING_COMMAND = 'missing command';

/** What main knows about the command being parsed when yargs refuses the command line. */
export interface ParseContext {
  /** `carb calibrate` (or `carb` before a command is recognised). */
  command: string;
  /** Usage line of the command, e.g. `calibrate <corpus..>`. */
  usage: string;
  /** Long option names the command accepts. */
  options: readonly string[];
  /** Subcommand names (the commands of carb itself at the top level). */
  commands: readonly string[];
}

const hintFrom = (word: string, names: readonly string[], prefix: string) => {
  const near = closestName(word, names);
  return near !== null ? `; did you mean ${prefix}${near}?` : '';
};

function unknown(names: string[], argv: readonly string[], ctx: ParseContext): string {
  const isOption = (n: string) => argv.some((a) => a === `--${n}` || a.startsWith(`--${n}=`) || a === `-${n}` || a.startsWith(`--no-${n}`));
  // a mistyped command makes the words after it unknown too; name only the command
  const command = ctx.commands.length ? names.find((n) => !isOption(n)) : undefined;
  if (command !== undefined) return `${command}: unknown command for ${ctx.command}${hintFrom(command, ctx.commands, '')}; expected one of ${ctx.commands.join(', ')}`;
  return names.map((n) => (isOption(n)
    ? `${n.length === 1 ? '-' : '--'}${n}: unknown option for ${ctx.command}${hintFrom(n, ctx.options, '--')}`
    : `${n}: unexpected argument to ${ctx.command}`)).join('; ');
}

/**
 * Rewrites a yargs validation message as carb's one-line usage error, naming the flag:
 * `--splt: unknown option for carb calibrate; did you mean --splits?`.
 */
export function usageLine(msg: string, argv: readonly string[], ctx: ParseContext): string {
  let m: RegExpExecArray | null;
  if ((m = /^Unknown arguments?: (.+)$/s.exec(msg))) return unknown(m[1]!.split(', '), argv, ctx);
  if ((m = /^Missing required arguments?: (.+)$/s.exec(msg))) return m[1]!.split(', ').map((n) => `--${n}: expected a value (required by ${ctx.command}), found nothing`).join('; ');
  if ((m = /^Not enough arguments following: (.+)$/s.exec(msg))) return `--${m[1]}: expected a value, found nothing`;
  if ((m = /^Invalid values:\s*Argument: ([^,]+), Given: (.*), Choices: (.*)$/s.exec(msg))) return `--${m[1]}: expected one of ${m[3]!.trim()}, found ${m[2]}`;
  if (/^Not enough non-option arguments/.test(msg) || msg === MISSING_COMMAND) {
    if (ctx.commands.length) return `<command>: expected one of ${ctx.commands.join(', ')} (required by ${ctx.command}), found nothing`;
    const wanted = ctx.usage.split(' ').slice(1).filter((w) => w.startsWith('<')).join(' ');
    return `${wanted}: expected a value (required by ${ctx.command}), found nothing`;
  }
  if (/^Too many non-option arguments/.test(msg)) return `${ctx.command}: expected ${ctx.usage}, found extra arguments`;
  return msg.split('\n').map((s) => s.trim()).filter(Boolean).join(' ');
}
