/** `map[key]` when `key` is an own property (a context keyed `constructor` is data, not Object.prototype). */
export function own<T>(map: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(map, key) ? map[key] : undefined;
}
