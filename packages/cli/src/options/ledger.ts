import type { Argv } from 'yargs';
import type { LedgerArgs } from '@carb/jobs';
import { LEDGER_MODES, type UnlabelledPolicy } from '@carb/pipeline';
import { choiceSpec, textSpec } from './specs.ts';
import { UsageError } from './usageError.ts';

const UNLABELLED = ['exclude', 'clean'] as const satisfies readonly UnlabelledPolicy[];

export type { LedgerArgs };

/** Adds --ledger, --ledger-events, --unlabelled and --scores to a command. */
export function ledgerOptions<T>(y: Argv<T>): Argv<T> {
  return y
    .option(
      'ledger',
      choiceSpec('ledger', 'ledger events: the built-in rules, an external events file, or the union of both', LEDGER_MODES, 'builtin'),
    )
    .option(
      'ledger-events',
      textSpec(
        'ledger-events',
        'external ledger events, JSONL {id, events: [{step, category, source?, note?}]} per episode (human review, an LLM judge)',
        { suffixes: ['.jsonl'] },
      ),
    )
    .option(
      'unlabelled',
      choiceSpec(
        'unlabelled',
        'episodes with no line in the events file: leave them out, or take them as harmless (required with the external or union ledger)',
        UNLABELLED,
      ),
    )
    .option(
      'scores',
      textSpec('scores', 'external per-proposal scores, JSONL {id, step, score ∈ [0, 1]}, replacing the built-in scorer', {
        suffixes: ['.jsonl'],
      }),
    );
}

/** The usage rules between the ledger flags (no default guessing): a UsageError naming the flag, or nothing. */
export function checkLedgerArgs(a: LedgerArgs): void {
  if (a.ledger === 'builtin') {
    if (a['ledger-events'] !== undefined)
      throw new UsageError('--ledger: expected external or union with --ledger-events, found builtin (the default)');
    if (a.unlabelled !== undefined)
      throw new UsageError('--unlabelled: expected only with --ledger external or union, found it with builtin');
    return;
  }
  if (a['ledger-events'] === undefined)
    throw new UsageError(`--ledger-events: expected an events file with --ledger ${a.ledger}, found nothing`);
  if (a.unlabelled === undefined)
    throw new UsageError(
      `--unlabelled: expected exclude or clean with --ledger ${a.ledger} (episodes without a line in --ledger-events), found nothing`,
    );
}
