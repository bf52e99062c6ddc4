import { reducedRational, type Rational } from '@carb/pipeline';

/**
 * A risk budget α: exact (num/den in lowest terms, 0 ≤ α ≤ 1) with the text it was given as.
 * Parsed once where it enters carb (a flag, a spec file) and carried as is to the CRC rule
 * (crcBudget), so `(1 + ΣL)/(n+1) ≤ α` is decided in integers and never through a float.
 */
export interface Budget extends Rational {
  /** The decimal or fraction text it was parsed from. */
  text: string;
}

/**
 * Parses a budget α exactly: a decimal (`.05`, `0.025`, `1`) or a fraction (`1/493`).
 * Floats like 0.1 are never involved.
 */
export function parseBudget(text: string): Budget {
  const s = text.trim();
  const frac = /^(\d+)\/(\d+)$/.exec(s);
  let num: bigint;
  let den: bigint;
  if (frac) {
    num = BigInt(frac[1]!);
    den = BigInt(frac[2]!);
  } else {
    const dec = /^(\d*)(?:\.(\d*))?$/.exec(s);
    if (!dec || (dec[1] ?? '') + (dec[2] ?? '') === '')
      throw new Error(`alpha "${text}": expected a decimal like .05 or a fraction like 1/493`);
    const whole = dec[1] ?? '';
    const part = dec[2] ?? '';
    num = BigInt(whole + part || '0');
    den = 10n ** BigInt(part.length);
  }
  if (den === 0n) throw new Error(`alpha "${text}": zero denominator`);
  const r = reducedRational(num, den);
  if (r.num > r.den) throw new Error(`alpha "${text}": expected a budget in [0, 1]`);
  return { ...r, text: s };
}

/** Why a budget list was refused: what was expected and what was found instead (a flag parser names its flag). */
export class BudgetListError extends Error {
  constructor(
    readonly expected: string,
    readonly found: string,
  ) {
    super(`expected ${expected}, found ${found}`);
  }
}

const EXPECTED = 'a comma list of budgets in (0, 1) such as .05,.10 or 1/493';

/**
 * A comma list of budgets (`.025,.05,1/493`): at least one, each strictly between 0 and 1,
 * none repeated by value. Refusals are BudgetListErrors.
 */
export function parseBudgets(text: string): Budget[] {
  if (text.trim() === '') throw new BudgetListError(EXPECTED, text);
  const out: Budget[] = [];
  const seen = new Map<string, string>();
  for (const part of text.split(',')) {
    const s = part.trim();
    if (s === '') throw new BudgetListError(EXPECTED, `an empty entry in "${text}"`);
    let b: Budget;
    try {
      b = parseBudget(s);
    } catch {
      throw new BudgetListError(EXPECTED, s);
    }
    if (b.num === 0n || b.num === b.den) throw new BudgetListError(EXPECTED, s);
    const key = `${b.num}/${b.den}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) throw new BudgetListError('each budget once', `${s} (equal to ${earlier})`);
    seen.set(key, s);
    out.push(b);
  }
  return out;
}

/** Budgets in increasing order of value, each value once (the first text given for it kept). */
export function distinctBudgets(budgets: readonly Budget[]): Budget[] {
  const seen = new Map<string, Budget>();
  for (const b of budgets) if (!seen.has(`${b.num}/${b.den}`)) seen.set(`${b.num}/${b.den}`, b);
  return [...seen.values()].sort((x, y) => (x.num * y.den < y.num * x.den ? -1 : x.num * y.den > y.num * x.den ? 1 : 0));
}
