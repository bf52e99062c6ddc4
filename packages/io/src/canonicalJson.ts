/**
 * Canonical JSON: object keys sorted (by UTF-16 code units), no whitespace, numbers
 * as JS prints them; `undefined` members are dropped as JSON.stringify does.
 * Refuses values JSON cannot represent faithfully (NaN, ±Infinity, bigint, functions).
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'number':
      if (!Number.isFinite(value)) throw new Error(`canonicalJson: expected a finite number, found ${value}`);
      return JSON.stringify(value);
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'object': {
      if (ArrayBuffer.isView(value) && !(value instanceof DataView)) return canonicalJson(Array.from(value as unknown as ArrayLike<number>));
      if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
      // Keys are joined by hand, not through JSON.stringify of a sorted copy: JS objects
      // put integer-like keys first whatever the insertion order, which is not code-unit order.
      const obj = value as Record<string, unknown>;
      const keys = Object.keys(obj).filter((k) => obj[k] !== undefined).sort();
      return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
    }
    default:
      throw new Error(`canonicalJson: expected a JSON value, found ${typeof value}`);
  }
}
