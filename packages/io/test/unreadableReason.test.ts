import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { unreadableReason } from '@carb/io';

/** The error a read or a parse of `file` throws. */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
}

describe('unreadableReason', () => {
  it('names a missing file "no file"', () => {
    expect(unreadableReason(thrown(() => readFileSync('/nonexistent/carb-unreadable.json')))).toBe('no file');
  });
  it('gives the system code of another failure (a folder read as a file)', () => {
    expect(unreadableReason(thrown(() => readFileSync('/')))).toBe('EISDIR');
  });
  it('gives the message of an error without a code (a JSON syntax error)', () => {
    const e = thrown(() => JSON.parse('{'));
    expect(unreadableReason(e)).toBe((e as Error).message);
  });
});
