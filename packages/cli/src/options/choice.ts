import { closestName } from '@carb/pipeline';
import { single } from './single.ts';
import { badValue } from './usageError.ts';

/** `one of "a", "b"`: the wording every choice check uses (flags and config keys alike). */
export function oneOf(choices: readonly string[]): string {
  return `one of ${choices.map((c) => JSON.stringify(c)).join(', ')}`;
}

/** `flag`'s value if it is one of `choices`. */
export function parseChoice<T extends string>(flag: string, raw: unknown, choices: readonly T[]): T {
  const v = single(flag, raw);
  if (typeof v !== 'string' || !(choices as readonly string[]).includes(v)) {
    const near = typeof v === 'string' ? closestName(v, choices) : null;
    throw badValue(flag, oneOf(choices), near === null ? v : `${String(v)} (did you mean "${near}"?)`);
  }
  return v as T;
}
