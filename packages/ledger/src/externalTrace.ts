import { LEDGER_CATEGORIES, type LedgerCategory } from '@carb/pipeline';
import type { ExternalLedgerLine } from './externalEvents.ts';
import type { LedgerTrace } from './types.ts';

/** The part of a ledger trace that losses read: first step per category, −1 never. */
export type FirstSteps = Pick<LedgerTrace, 'firstStep' | 'customFirstStep'>;

/** No category fires; `custom` lists the declared custom categories (each −1). */
export function emptyFirstSteps(custom: readonly string[] = []): FirstSteps {
  const firstStep = {} as Record<LedgerCategory, number>;
  for (const c of LEDGER_CATEGORIES) firstStep[c] = -1;
  return custom.length ? { firstStep, customFirstStep: Object.fromEntries(custom.map((c) => [c, -1])) } : { firstStep };
}

const earlier = (a: number, b: number): number => (a < 0 ? b : b < 0 ? a : Math.min(a, b));

/**
 * First steps of an external ledger line for an episode of `steps` steps, or a problem naming
 * `file:line` when an event's step lies outside the episode. An event at step s registers once
 * the executed prefix includes s, like a built-in event.
 */
export function externalFirstSteps(
  line: ExternalLedgerLine,
  steps: number,
  file: string,
  custom: readonly string[] = [],
): FirstSteps | string {
  const out = emptyFirstSteps(custom);
  for (let i = 0; i < line.events.length; i++) {
    const { step, category } = line.events[i]!;
    if (step >= steps)
      return `${file}:${line.line}: /events/${i}/step: expected a step of episode "${line.id}" (0 to ${steps - 1}), found ${step}`;
    if ((LEDGER_CATEGORIES as readonly string[]).includes(category)) {
      const k = category as LedgerCategory;
      out.firstStep[k] = earlier(out.firstStep[k], step);
    } else {
      out.customFirstStep![category] = earlier(out.customFirstStep![category] ?? -1, step);
    }
  }
  return out;
}

/** The union ledger of two sources: a category fires when either fires, at the earlier first step. */
export function unionFirstSteps(a: FirstSteps, b: FirstSteps): FirstSteps {
  const firstStep = {} as Record<LedgerCategory, number>;
  for (const c of LEDGER_CATEGORIES) firstStep[c] = earlier(a.firstStep[c], b.firstStep[c]);
  if (!a.customFirstStep && !b.customFirstStep) return { firstStep };
  const customFirstStep: Record<string, number> = { ...a.customFirstStep };
  for (const [c, s] of Object.entries(b.customFirstStep ?? {})) customFirstStep[c] = earlier(customFirstStep[c] ?? -1, s);
  return { firstStep, customFirstStep };
}
