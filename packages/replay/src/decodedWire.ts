import { nameRecord } from '@carb/io';
import type { DecodedLine, EpisodeHead } from '@carb/episodes';

/**
 * A chunk's decoded lines as one JSON text: `[sources, flags, toolNames, rows]`. A head of the shape
 * replayLines makes is a row `[id, group (0: the id), source, flags, calls, untypedCalls, tool, count, …]`,
 * its source and flags indices into the chunk's distinct ones and each tool an index into its names;
 * any other line (a skip, a head of another shape) is a row as it stands.
 */
type Wire = [sources: object[], flags: object[], names: string[], rows: Array<HeadRow | DecodedLine>];
type HeadRow = Array<string | number>;

const HEAD_KEYS = ['id', 'group', 'source', 'flags', 'calls', 'untypedCalls', 'tools'];

/**
 * The outcomes of a chunk's lines as a replay worker sends them back (unpackDecoded reads them):
 * what JSON.stringify of them says, with each head's source and flags written once per chunk and
 * its tools by index. The reading thread parses ~60 bytes a graph-braid head instead of ~450, and
 * builds its objects from arrays; a head's source and flags objects are then shared by the heads
 * of its chunk that have the same ones.
 */
export function packDecoded(decoded: readonly DecodedLine[]): string {
  const sources = new DistinctValues();
  const flags = new DistinctValues();
  const names: string[] = [];
  const nameAt = new Map<string, number>();
  const rows: Array<HeadRow | DecodedLine> = [];
  for (const d of decoded) {
    const h = 'head' in d ? d.head : null;
    if (h === null || !packable(h)) {
      rows.push(d);
      continue;
    }
    const row: HeadRow = [
      h.id,
      h.group === h.id ? 0 : h.group,
      sources.indexOf(h.source),
      flags.indexOf(h.flags),
      h.calls!,
      h.untypedCalls!,
    ];
    const tools = h.tools!;
    for (const name in tools) {
      let k = nameAt.get(name);
      if (k === undefined) nameAt.set(name, (k = names.push(name) - 1));
      row.push(k, tools[name]!);
    }
    rows.push(row);
  }
  return `[[${sources.texts.join(',')}],[${flags.texts.join(',')}],${JSON.stringify(names)},${JSON.stringify(rows)}]`;
}

/** The decoded lines of packDecoded's text: equal, value for value, to JSON.parse of JSON.stringify of them. */
export function unpackDecoded(text: string): DecodedLine[] {
  const [sources, flags, names, rows] = JSON.parse(text) as Wire;
  // JSON.parse makes a tool named like an Object.prototype member an own key; an assignment would not
  const record = names.some((n) => n in Object.prototype) ? nameRecord<number> : () => ({}) as Record<string, number>;
  const out = new Array<DecodedLine>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    if (!Array.isArray(r)) {
      out[i] = r;
      continue;
    }
    const tools = record();
    for (let j = 6; j < r.length; j += 2) tools[names[r[j] as number]!] = r[j + 1] as number;
    const id = r[0] as string;
    const head: EpisodeHead = {
      id,
      group: r[1] === 0 ? id : (r[1] as string),
      source: sources[r[2] as number] as EpisodeHead['source'],
      flags: flags[r[3] as number] as EpisodeHead['flags'],
      calls: r[4] as number,
      untypedCalls: r[5] as number,
      tools,
    };
    out[i] = { head };
  }
  return out;
}

/** A head with exactly replayLines's keys, in its order, and counts that JSON writes as they are. */
function packable(h: EpisodeHead): boolean {
  let k = 0;
  for (const key in h) if (HEAD_KEYS[k++] !== key) return false;
  if (k !== HEAD_KEYS.length || typeof h.id !== 'string' || typeof h.group !== 'string') return false;
  if (!isObject(h.source) || !isObject(h.flags) || !isObject(h.tools) || !isCount(h.calls) || !isCount(h.untypedCalls)) return false;
  for (const name in h.tools) if (!Object.hasOwn(h.tools, name) || !isCount(h.tools[name])) return false;
  return true;
}

const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && !Object.is(v, -0);
const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Distinct objects by their JSON text, in first-seen order. An object with the same own keys and
 * primitive values as the one before it is that one's index without being written again: the heads of
 * a chunk mostly share their source and flags.
 */
class DistinctValues {
  readonly texts: string[] = [];
  private readonly at = new Map<string, number>();
  private lastKeys: string[] | null = null;
  private lastValues: unknown[] = [];
  private last = -1;

  indexOf(o: object): number {
    if (this.lastKeys !== null && sameValues(o, this.lastKeys, this.lastValues)) return this.last;
    const text = JSON.stringify(o);
    let k = this.at.get(text);
    if (k === undefined) this.at.set(text, (k = this.texts.push(text) - 1));
    this.last = k;
    const keys = Object.keys(o);
    const values = keys.map((key) => (o as Record<string, unknown>)[key]);
    // only primitive values are compared by identity; an object value always takes the JSON path
    const primitive = values.every((v) => v === null || typeof v !== 'object') && keys.length === countKeys(o);
    this.lastKeys = primitive ? keys : null;
    this.lastValues = values;
    return k;
  }
}

/** True when o's enumerable keys are `keys`, in order, with the values `values` (===). */
function sameValues(o: object, keys: readonly string[], values: readonly unknown[]): boolean {
  let k = 0;
  for (const key in o) {
    if (keys[k] !== key || (o as Record<string, unknown>)[key] !== values[k]) return false;
    k++;
  }
  return k === keys.length;
}

function countKeys(o: object): number {
  let n = 0;
  for (const _ in o) n++;
  return n;
}
