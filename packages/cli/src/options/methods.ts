import { METHOD_ORDER, isMethodName, type MethodName } from '@carb/calibrate';
import { closestName } from '@carb/pipeline';
import { single } from './single.ts';
import { badValue } from './usageError.ts';

/** `all` or a comma list of method names (Table 3), none repeated. */
export function parseMethods(flag: string, raw: unknown): MethodName[] {
  const text = single(flag, raw);
  const expected = `all or a comma list of ${METHOD_ORDER.join(', ')}`;
  if (typeof text !== 'string' || text.trim() === '') throw badValue(flag, expected, text ?? '');
  if (text.trim() === 'all') return [...METHOD_ORDER];
  const out: MethodName[] = [];
  for (const part of text.split(',')) {
    const m = part.trim();
    if (!isMethodName(m)) {
      const near = closestName(m, METHOD_ORDER);
      throw badValue(flag, near ? `a method name (did you mean ${near}?)` : expected, m === '' ? `an empty entry in "${text}"` : m);
    }
    if (out.includes(m)) throw badValue(flag, 'each method once', `${m} twice`);
    out.push(m);
  }
  return out;
}
