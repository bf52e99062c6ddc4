/**
 * An empty record keyed by names from the input (tools, fields, models): without a prototype, so a
 * name such as `__proto__`, `constructor` or `toString` is a key like any other. On a plain object a
 * lookup finds the inherited member and `__proto__` sets the prototype instead of a key.
 */
export function nameRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}
