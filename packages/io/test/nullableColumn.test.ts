import { describe, expect, it } from 'vitest';
import { Float64, Int32 } from 'apache-arrow';
import { nullableColumn } from '@carb/io';

describe('nullableColumn', () => {
  it('keeps values and nulls, typed as asked', () => {
    const ints = nullableColumn([3, null, -7, null, 0], 'int32');
    expect(ints.type).toBeInstanceOf(Int32);
    expect([...ints]).toEqual([3, null, -7, null, 0]);
    expect(ints.nullCount).toBe(2);
    const floats = nullableColumn([0.5, null], 'float64');
    expect(floats.type).toBeInstanceOf(Float64);
    expect([...floats]).toEqual([0.5, null]);
  });
  it('has no validity bitmap when nothing is null (the bytes of a column without nulls stay those of a plain one)', () => {
    const v = nullableColumn([1, 2, 3], 'float64');
    expect(v.nullCount).toBe(0);
    expect(v.data[0]!.nullBitmap).toHaveLength(0);
  });
});
