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
  if (command !== undefined)
    return `${command}: unknown command for ${ctx.command}${hintFrom(command, ctx.commands, '')}; expected one of ${ctx.commands.join(', ')}`;
  // yargs names an unknown --foo-bar twice, as given and camel-cased (fooBar): the user typed one of them
  const camel = (s: string) => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  return names
    .filter((n) => !names.some((m) => m !== n && m.includes('-') && camel(m) === n))
    .map((n) =>
      isOption(n)
        ? `${n.length === 1 ? '-' : '--'}${n}: unknown option for ${ctx.command}${hintFrom(n, ctx.options, '--')}`
        : `${n}: unexpected argument to ${ctx.command}`,
    )
    .join('; ');
}

// yargs reports a refused command line as one message string, worded from its locale table. carb
// replaces the entries of the refusals it rewrites with codes of its own (the kind, then each value
// yargs fills in, NUL-separated), so the handler reads fields, never yargs's English wording.
const SEP = '\u0000';
const code = (kind: string, fields: number) => `${SEP}carb:${kind}${`${SEP}%s`.repeat(fields)}`;
const both = (text: string) => ({ one: text, other: text });

/** yargs locale entries (its message keys → carb's codes), installed with `.updateLocale()`. */
export const YARGS_MESSAGES: Record<string, string | { one: string; other: string }> = {
  'Unknown argument: %s': both(code('unknown', 1)),
  'Missing required argument: %s': both(code('missing', 1)),
  'Not enough arguments following: %s': code('no-value', 1),
  'Invalid values:': code('invalid', 0),
  'Argument: %s, Given: %s, Choices: %s': code('choice', 3),
  'Not enough non-option arguments: got %s, need at least %s': both(code('few-positionals', 2)),
  'Too many non-option arguments: got %s, maximum of %s': both(code('many-positionals', 2)),
};

/** The first coded refusal in a yargs message: its kind and the values yargs filled in, or null. */
function coded(msg: string): { kind: string; fields: string[] } | null {
  const parts = msg.split(SEP);
  const at = parts.findIndex((p) => p.startsWith('carb:') && p !== 'carb:invalid');
  if (at < 0) return null;
  // a choice refusal follows the 'invalid' heading, with yargs's indentation before the next code
  const fields = parts.slice(at + 1).map((f) => f.replace(/\n\s*$/, ''));
  return { kind: parts[at]!.slice('carb:'.length), fields };
}

/**
 * Rewrites a yargs refusal as carb's one-line usage error, naming the flag:
 * `--splt: unknown option for carb calibrate; did you mean --splits?`.
 */
export function usageLine(msg: string, argv: readonly string[], ctx: ParseContext): string {
  const c = msg === MISSING_COMMAND ? { kind: 'few-positionals', fields: [] } : coded(msg);
  const [first = ''] = c?.fields ?? [];
  switch (c?.kind) {
    case 'unknown':
      return unknown(first.split(', '), argv, ctx);
    case 'missing':
      return first
        .split(', ')
        .map((n) => `--${n}: expected a value (required by ${ctx.command}), found nothing`)
        .join('; ');
    case 'no-value':
      return `--${first}: expected a value, found nothing`;
    case 'choice':
      return `--${first}: expected one of ${c.fields[2]!.trim()}, found ${String(c.fields[1])}`;
    case 'few-positionals': {
      if (ctx.commands.length) return `<command>: expected one of ${ctx.commands.join(', ')} (required by ${ctx.command}), found nothing`;
      const wanted = ctx.usage
        .split(' ')
        .slice(1)
        .filter((w) => w.startsWith('<'))
        .join(' ');
      return `${wanted}: expected a value (required by ${ctx.command}), found nothing`;
    }
    case 'many-positionals':
      return `${ctx.command}: expected ${ctx.usage}, found extra arguments`;
    default:
      return msg
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean)
        .join(' ');
  }
}
