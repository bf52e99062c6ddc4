import { describe, expect, it } from 'vitest';
import { BudgetListError, distinctBudgets, parseBudget, parseBudgets } from '../src/index.ts';

const exact = (b: { num: bigint; den: bigint }) => `${b.num}/${b.den}`;

describe('parseBudgets', () => {
  it('keeps each budget exact, in lowest terms, with its text', () => {
    const b = parseBudgets('.025, .05,0.10,1/493');
    expect(b.map(exact)).toEqual(['1/40', '1/20', '1/10', '1/493']);
    expect(b.map((x) => x.text)).toEqual(['.025', '.05', '0.10', '1/493']);
  });
  it('refuses 0, 1, an empty entry and a value given twice, saying what it expected', () => {
    const refusal = (text: string) => {
      try {
        parseBudgets(text);
        return null;
      } catch (e) {
        return e instanceof BudgetListError ? [e.expected, e.found] : null;
      }
    };
    expect(refusal('0,.1')?.[1]).toBe('0');
    expect(refusal('.1,1')?.[1]).toBe('1');
    expect(refusal('.1,,.2')?.[1]).toBe('an empty entry in ".1,,.2"');
    expect(refusal('.1,1/10')).toEqual(['each budget once', '1/10 (equal to .1)']);
  });
});

describe('distinctBudgets', () => {
  it('sorts by exact value and keeps the first text of a value', () => {
    const merged = distinctBudgets(['.10', '.05', '1/493', '.100', '1/20'].map(parseBudget));
    expect(merged.map((b) => b.text)).toEqual(['1/493', '.05', '.10']);
  });
});
