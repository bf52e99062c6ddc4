import type { Argv, Options, PositionalOptions } from 'yargs';
import { CORPUS_FORMATS } from '@carb/episodes';
import { LEDGER_MODES, type UnlabelledPolicy } from '@carb/pipeline';
import { parseChoice } from './choice.ts';
import { parseInteger } from './integer.ts';
import { parseText } from './text.ts';

// Option specs shared by the commands, so one flag means and checks the same everywhere.
// Values arrive as strings and are checked by `coerce` while yargs parses, so a bad value
// stops the command before its handler runs. A spec is not yet named: the table key names it,
// and its checks name the flag (`--splits`) or positional (`<corpus>`) it was registered as.

/** An option or positional spec, given the name its messages use (`--out`, `<corpus>`). */
export type Spec = (flag: string) => Options;

/** A command's options and positionals in help order: name → spec. */
export type Table = Record<string, Spec>;

/** A value checked (and converted) by `parse(flag, raw)`; `more` adds to the yargs spec. */
export const parsed =
  (describe: string, parse: (flag: string, raw: unknown) => unknown, more: Options = {}): Spec =>
  (flag) => ({ type: 'string', requiresArg: true, describe, coerce: (raw: unknown) => parse(flag, raw), ...more });

/** An integer option ≥ min (as text, so 2.5 or 1e3 are refused rather than rounded). */
export const integer = (describe: string, min: number, defaultValue?: number, max?: number): Spec =>
  parsed(describe, (flag, raw) => parseInteger(flag, raw, min, max), defaultValue !== undefined ? { default: String(defaultValue) } : {});

/** One of `choices`. */
export const choice = <T extends string>(describe: string, choices: readonly T[], defaultValue?: T): Spec =>
  parsed(describe, (flag, raw) => parseChoice(flag, raw, choices), {
    choices: [...choices],
    ...(defaultValue !== undefined ? { default: defaultValue } : {}),
  });

/** A path or name (non-empty; ending in one of `suffixes` when given); `more` e.g. `{ demandOption: true }`. */
export const text = (describe: string, more: Options & { suffixes?: readonly string[] } = {}): Spec => {
  const { suffixes = [], ...rest } = more;
  return parsed(describe, (flag, raw) => parseText(flag, raw, suffixes), rest);
};

/** A required path or name. */
export const required = (describe: string, suffixes?: readonly string[]): Spec =>
  text(describe, { demandOption: true, ...(suffixes ? { suffixes } : {}) });

/** A repeatable path option (or a variadic positional): every value non-empty. */
export const paths =
  (describe: string, more: Options = { requiresArg: true }): Spec =>
  (flag) => ({
    type: 'string',
    array: true,
    describe,
    coerce: (raw: unknown) => (Array.isArray(raw) ? raw : [raw]).map((v) => parseText(flag, v)),
    ...more,
  });

/** A required positional: one path, or (`<name..>`) several. */
export const path =
  (describe: string): Spec =>
  (flag) => ({ type: 'string', demandOption: true, describe, coerce: (raw: unknown) => parseText(flag, raw) });
export const pathList = (describe: string): Spec => paths(describe, { demandOption: true });

/** A boolean switch. */
export const flag =
  (describe: string, defaultValue = false): Spec =>
  () => ({ type: 'boolean', default: defaultValue, describe });

/** `--include-content`: what an output may show of the logs (README "What each output contains"). */
export const includeContent = (what: string): Spec =>
  flag(`also show ${what}; left out by default, since logs hold personal data (values become ‹redacted: N chars›)`);

// The choices are the adapter registry's formats (LOG_FORMATS of @carb/episodes), carb's jsonl and arrow, and auto.
export const FORMAT: Table = { format: choice('input format (auto: by file name and contents)', CORPUS_FORMATS, 'auto') };
export const STRICT = flag('fail (and write nothing) on any problem in the input');
/** --format, --strict, --include-aborted: how a corpus is read. */
export const CORPUS: Table = {
  ...FORMAT,
  strict: STRICT,
  'include-aborted': flag('keep aborted episodes (excluded from calibration by default)'),
};
export const PIPELINE = text('pipeline config (default configs/pipelines/default.json)');
export const TYPING: Table = {
  pipeline: text('pipeline config whose tool typing names the known tools (default configs/pipelines/default.json)'),
  tools: paths("tool-typing files instead of the pipeline's"),
};
/** --workers: replay threads; absent means one per available core (os.availableParallelism()). */
export const WORKERS = integer('replay worker threads, integer ≥ 1 (1: in this process, no pool; default: one per available core)', 1);

const UNLABELLED = ['exclude', 'clean'] as const satisfies readonly UnlabelledPolicy[];

/** --ledger, --ledger-events, --unlabelled and --scores (their rules: checkLedgerArgs). */
export const LEDGER: Table = {
  ledger: choice('ledger events: the built-in rules, an external events file, or the union of both', LEDGER_MODES, 'builtin'),
  'ledger-events': text(
    'external ledger events, JSONL {id, events: [{step, category, source?, note?}]} per episode (human review, an LLM judge)',
    { suffixes: ['.jsonl'] },
  ),
  unlabelled: choice(
    'episodes with no line in the events file: leave them out, or take them as harmless (required with the external or union ledger)',
    UNLABELLED,
  ),
  scores: text('external per-proposal scores, JSONL {id, step, score ∈ [0, 1]}, replacing the built-in scorer', { suffixes: ['.jsonl'] }),
};

/** Registers `table` in order: a name the usage line holds as `<name>` or `<name..>` is a positional. */
export function withTable(y: Argv, usage: string, table: Table): Argv {
  const positionals = new Set([...usage.matchAll(/<([\w-]+)(?:\.\.)?>/g)].map((m) => m[1]!));
  for (const [name, spec] of Object.entries(table))
    y = positionals.has(name) ? y.positional(name, spec(`<${name}>`) as PositionalOptions) : y.option(name, spec(`--${name}`));
  return y;
}
