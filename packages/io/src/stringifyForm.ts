// The escapes JSON.stringify writes: a short one for \" \\ \b \f \n \r \t, \u00xx (lowercase) for the other control characters
const SHORT_ESCAPE = new Set([0x22, 0x5c, 0x62, 0x66, 0x6e, 0x72, 0x74]);
const CONTROL_ESCAPE = /^00[01][0-9a-f]$/;
const HAS_SHORT_ESCAPE = new Set([0x08, 0x09, 0x0a, 0x0c, 0x0d]);
// JSON.stringify escapes a surrogate without its pair (\ud800); a text holding one as is is not its form
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// below 2^53 and so written back digit for digit
const MAX_PLAIN_DIGITS = 15;

/**
 * The number of keys in the JSON text `text` (it must parse: JSON.parse succeeded on it) when
 * every token is written as JSON.stringify writes the value it parses to, or -1 otherwise: no
 * whitespace between tokens; in strings only the escapes JSON.stringify writes (a surrogate
 * escaped as \udxxx is refused, and so is a lone one written as is); each number as
 * Number#toString gives it (`100`, not `1e2`, `1.0` or `-0`). A key of digits only is refused
 * as well: V8 enumerates such keys first, whatever the order of the text. What the text alone
 * cannot show is left to the caller, on the parsed value: that no key is repeated (compare this
 * count with the value's keyCount) and that each object's keys are in the order it will write.
 */
export function stringifyFormKeys(text: string): number {
  if (LONE_SURROGATE.test(text)) return -1;
  const n = text.length;
  let keys = 0;
  // escapes are rare: find each once with indexOf rather than look at every character of every string
  let escape = nextEscape(text, 0);
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      let end = text.indexOf('"', i + 1);
      let plain = true;
      while (escape < end) {
        plain = false;
        const e = text.charCodeAt(escape + 1);
        if (e === 0x75) {
          const hex = text.slice(escape + 2, escape + 6);
          if (!CONTROL_ESCAPE.test(hex) || HAS_SHORT_ESCAPE.has(Number.parseInt(hex, 16))) return -1;
        } else if (!SHORT_ESCAPE.has(e)) return -1;
        else if (escape + 1 === end) end = text.indexOf('"', end + 1);
        escape = nextEscape(text, escape + 2);
      }
      if (text.charCodeAt(end + 1) === 0x3a) {
        if (plain && digitsOnly(text, i + 1, end)) return -1;
        keys++;
        i = end + 1;
      } else i = end;
    } else if (c === 0x2c || c === 0x7b || c === 0x7d || c === 0x5b || c === 0x5d) continue;
    else if (c === 0x74 || c === 0x6e) i += 3;
    else if (c === 0x66) i += 4;
    else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      let j = i + 1;
      while (j < n && isNumberPart(text.charCodeAt(j))) j++;
      if (!plainInteger(text, i, j)) {
        const token = text.slice(i, j);
        if (String(Number(token)) !== token) return -1;
      }
      i = j - 1;
    } else return -1; // whitespace
  }
  return keys;
}

function nextEscape(text: string, from: number): number {
  const at = text.indexOf('\\', from);
  return at === -1 ? text.length : at;
}

function isNumberPart(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d;
}

/** An integer of at most 15 digits, not -0: Number#toString writes it as it stands (JSON has no leading zeros). */
function plainInteger(text: string, from: number, to: number): boolean {
  const negative = text.charCodeAt(from) === 0x2d;
  const first = negative ? from + 1 : from;
  if (to - first > MAX_PLAIN_DIGITS || (negative && text.charCodeAt(first) === 0x30)) return false;
  return digitsOnly(text, first, to);
}

function digitsOnly(text: string, from: number, to: number): boolean {
  if (from === to) return false;
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

/** Own keys of every object in a parsed JSON value, nested ones included (what stringifyFormKeys counts in its text). */
export function keyCount(value: object): number {
  let n = 0;
  // no call for a scalar: most members of a record are strings
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const x: unknown = value[i];
      if (typeof x === 'object' && x !== null) n += keyCount(x);
    }
  } else
    for (const k in value) {
      n++;
      const x = (value as Record<string, unknown>)[k];
      if (typeof x === 'object' && x !== null) n += keyCount(x);
    }
  return n;
}
