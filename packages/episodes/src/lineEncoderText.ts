import { keyCount, stringifyFormKeys } from '@carb/io';
import { isCanonical } from './order.ts';
import type { Episode } from './types.ts';

const RECORD_KEYS = ['id', 'group', 'source', 'request', 'steps', 'outcome', 'benchmark', 'injections', 'flags', 'externalScores'];
// what carb writes for a null request (episodeRecord leaves the key out)
const RECORD_KEYS_NO_REQUEST = RECORD_KEYS.filter((k) => k !== 'request');
const SOURCE_KEYS = ['format', 'file', 'model', 'suite', 'userTask', 'injectionTask', 'attack'];
const OUTCOME_KEYS = ['taskCompleted', 'completedAtStep'];
const FLAGS_KEYS = ['aborted', 'textOnlyCalls'];

/**
 * The encoderText of `ordered` (orderEpisode of `value`, which JSON.parse read from the line
 * `text`), cut from `text` itself; null when the line is not shown to be in that form. A line
 * carb wrote is JSON.stringify of the encoder form with `source.file` (and without a null
 * `request`): hashing it as read spares writing 10⁶ of them again (~17 µs each, the size of the
 * parse). Shown by: stringifyFormKeys (each token as JSON.stringify writes it), a key count equal
 * to the value's (no repeated key), and every object orderEpisode rebuilds holding its keys in
 * encoder order already (steps kept as they were, JSON values canonical).
 */
export function encoderTextOfLine(text: string, value: Episode, ordered: Episode): string | null {
  const withRequest = sameKeys(value, RECORD_KEYS);
  if (!withRequest && !sameKeys(value, RECORD_KEYS_NO_REQUEST)) return null;
  if (!sameKeys(value.source, SOURCE_KEYS) || !sameKeys(value.outcome, OUTCOME_KEYS) || !sameKeys(value.flags, FLAGS_KEYS)) return null;
  for (let i = 0; i < value.steps.length; i++) if (ordered.steps[i] !== value.steps[i]) return null;
  if ((value.benchmark !== null && !isCanonical(value.benchmark)) || !isCanonical(value.injections)) return null;
  const keys = stringifyFormKeys(text);
  if (keys === -1 || keys !== keyCount(value)) return null;
  // the first of each: no string token before it can hold an unescaped quote
  const file = text.indexOf(',"file":');
  const afterFile = file + ',"file":'.length + JSON.stringify(value.source.file).length;
  if (withRequest) return text.slice(0, file) + text.slice(afterFile);
  const steps = text.indexOf(',"steps":[', afterFile);
  return `${text.slice(0, file)}${text.slice(afterFile, steps)},"request":null${text.slice(steps)}`;
}

/** True when the object's own keys are exactly `keys`, in that order. */
function sameKeys(o: object, keys: readonly string[]): boolean {
  let at = 0;
  for (const k in o) if (keys[at++] !== k) return false;
  return at === keys.length;
}
