import { Float64, Int32, makeData, makeVector, type Vector } from 'apache-arrow';

/**
 * A nullable Int32 or Float64 column built directly from its values and validity bitmap
 * (vectorFromArray's per-value builder is slow on 10⁵ rows); no bitmap when nothing is null.
 */
export function nullableColumn(values: ReadonlyArray<number | null>, kind: 'int32' | 'float64'): Vector {
  const data = kind === 'int32' ? new Int32Array(values.length) : new Float64Array(values.length);
  const valid = new Uint8Array((values.length + 7) >> 3);
  let nulls = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] ?? null;
    if (v === null) nulls++;
    else {
      data[i] = v;
      valid[i >> 3]! |= 1 << (i & 7);
    }
  }
  const type = kind === 'int32' ? new Int32() : new Float64();
  return makeVector(makeData({ type, length: values.length, nullCount: nulls, nullBitmap: nulls ? valid : null, data } as never));
}
