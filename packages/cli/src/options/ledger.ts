import type { LedgerArgs } from '@carb/jobs';
import { UsageError } from './usageError.ts';

export type { LedgerArgs };

/** The usage rules between the ledger flags (no default guessing): a UsageError naming the flag, or nothing. */
export function checkLedgerArgs(a: LedgerArgs): void {
  if (a.ledger === 'builtin') {
    if (a.ledgerEvents !== undefined)
      throw new UsageError('--ledger: expected external or union with --ledger-events, found builtin (the default)');
    if (a.unlabelled !== undefined)
      throw new UsageError('--unlabelled: expected only with --ledger external or union, found it with builtin');
    return;
  }
  if (a.ledgerEvents === undefined)
    throw new UsageError(`--ledger-events: expected an events file with --ledger ${a.ledger}, found nothing`);
  if (a.unlabelled === undefined)
    throw new UsageError(
      `--unlabelled: expected exclude or clean with --ledger ${a.ledger} (episodes without a line in --ledger-events), found nothing`,
    );
}
