import type { JsonValue, PolicyStep } from '@carb/episodes';
import { sameValue } from './normalize.ts';
import { parseResult } from './parseResult.ts';
import type { RecordSpec } from './types.ts';

// The record a read step describes: its key argument, else the key of its result (a booking
// returns the reservation it created, whose id the call could not name).
function recordRead(step: PolicyStep, r: RecordSpec): JsonValue | undefined {
  if (!r.readBy.includes(step.tool)) return undefined;
  if (Object.hasOwn(step.args, r.key)) return step.args[r.key];
  const parsed = parseResult(step.result);
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) && Object.hasOwn(parsed, r.key)
    ? parsed[r.key]
    : undefined;
}

/**
 * Indices of history steps whose result no longer describes its record: a successful read of a
 * record (e.g. get_reservation_details, or an update's returned reservation) followed, still
 * before the audited call, by a successful mutation of the same record. Such a stale read is
 * not a check: the flights it lists may have been released since.
 */
export function staleReads(history: readonly PolicyStep[], records: readonly RecordSpec[]): Set<number> {
  const stale = new Set<number>();
  for (const r of records) {
    history.forEach((h, j) => {
      if (!h.ok) return;
      const id = recordRead(h, r);
      if (id === undefined) return;
      const later = history
        .slice(j + 1)
        .some((m) => m.ok && r.mutatedBy.includes(m.tool) && Object.hasOwn(m.args, r.key) && sameValue(m.args[r.key], id));
      if (later) stale.add(j);
    });
  }
  return stale;
}
