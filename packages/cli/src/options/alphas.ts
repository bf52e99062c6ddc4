import { BudgetListError, parseBudgets, type Budget } from '@carb/calibrate';
import { single } from './single.ts';
import { badValue } from './usageError.ts';

const EXPECTED = 'a comma list of budgets in (0, 1) such as .05,.10 or 1/493';

/**
 * Risk budgets α, parsed once here (parseBudgets of @carb/calibrate) and carried exact from
 * here on: at least one, each strictly between 0 and 1, none repeated by value.
 */
export function parseAlphaBudgets(flag: string, raw: unknown): Budget[] {
  const text = single(flag, raw);
  if (typeof text !== 'string' || text.trim() === '') throw badValue(flag, EXPECTED, text ?? '');
  try {
    return parseBudgets(text);
  } catch (e) {
    if (e instanceof BudgetListError) throw badValue(flag, e.expected, e.found);
    throw e;
  }
}

/** The budgets as the texts they were given as (for options that keep α as its text). */
export function parseAlphas(flag: string, raw: unknown): string[] {
  return parseAlphaBudgets(flag, raw).map((b) => b.text);
}
