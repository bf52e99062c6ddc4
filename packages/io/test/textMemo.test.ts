import { describe, expect, it } from 'vitest';
import { TextMemo } from '../src/index.ts';

describe('TextMemo', () => {
  it('computes a text once per scope and keeps scopes apart', () => {
    const memo = new TextMemo<string>(100);
    let made = 0;
    const upper = (t: string) => (made++, t.toUpperCase());
    const lower = (t: string) => (made++, t.toLowerCase());
    expect(memo.get('Abc', upper)).toBe('ABC');
    expect(memo.get('Abc', upper)).toBe('ABC');
    expect(memo.get('Abc', lower, 'low')).toBe('abc');
    expect(memo.get('Abc', lower, 'low')).toBe('abc');
    expect(made).toBe(2);
    expect(memo.chars).toBe(6);
    expect(memo.texts()).toEqual(['Abc']);
    expect(memo.peek('Abc', 'low')).toBe('abc');
    expect(memo.peek('abc', 'low')).toBeUndefined();
  });

  it('is emptied, every scope, before it passes its characters; a longer text is never kept', () => {
    const memo = new TextMemo<number>(10);
    const length = (t: string) => t.length;
    memo.get('aaaa', length, 'x');
    memo.get('bbbb', length, 'y');
    expect(memo.chars).toBe(8);
    // 8 + 3 > 10: both scopes go, the new text is kept alone
    expect(memo.get('ccc', length, 'y')).toBe(3);
    expect(memo.chars).toBe(3);
    expect(memo.peek('aaaa', 'x')).toBeUndefined();
    expect(memo.texts('y')).toEqual(['ccc']);
    expect(memo.get('d'.repeat(11), length)).toBe(11);
    expect(memo.peek('d'.repeat(11))).toBeUndefined();
    expect(memo.chars).toBe(3);
  });
});
