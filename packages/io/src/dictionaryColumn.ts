import { Dictionary, Int32, Utf8, makeData, makeVector, vectorFromArray, type Vector } from 'apache-arrow';

/**
 * Dictionary-encoded strings with a fixed dictionary id: arrow-js otherwise draws ids
 * from a process-wide counter, and the file bytes would depend on what ran before.
 */
export function dictionaryColumn(values: readonly string[], id: number): Vector {
  const codes = new Map<string, number>();
  // a plain loop: Int32Array.from with a mapper is several times slower on 10⁵ values
  const indices = new Int32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    let c = codes.get(v);
    if (c === undefined) codes.set(v, (c = codes.size));
    indices[i] = c;
  }
  const type = new Dictionary(new Utf8(), new Int32(), id);
  return makeVector(
    makeData({ type, length: values.length, nullCount: 0, data: indices, dictionary: vectorFromArray([...codes.keys()], new Utf8()) }),
  );
}
