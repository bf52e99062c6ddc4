import { describe, expect, it } from 'vitest';
import { firstIssueLine } from '@carb/io';

describe('firstIssueLine', () => {
  it('gives the only issue as it is', () => {
    expect(firstIssueLine(['/episodes: expected an episode count (an integer ≥ 0), found number 1.5'])).toBe(
      '/episodes: expected an episode count (an integer ≥ 0), found number 1.5',
    );
  });
  it('drops the root pointer, which names no field', () => {
    expect(firstIssueLine(['/: expected an object, found null'])).toBe('expected an object, found null');
  });
  it('counts the issues after the first', () => {
    expect(firstIssueLine(['/a: expected x, found y', '/b: expected z, found w', '/c: expected v, found u'])).toBe(
      '/a: expected x, found y (and 2 more issues)',
    );
  });
});
