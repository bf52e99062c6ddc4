import { jsonlLines } from '@carb/io';
import { LEDGER_CATEGORIES } from '@carb/pipeline';

/** One reviewed or judged event of an external ledger file (`--ledger-events`). */
export interface ExternalLedgerEvent {
  /** 0-based index of the executed step that registers the event. */
  step: number;
  /** One of the five categories or a custom one the pipeline declares. */
  category: string;
  source?: string;
  note?: string;
}

/** One episode's line of an external ledger file. */
export interface ExternalLedgerLine {
  id: string;
  /** 1-based line number in the file. */
  line: number;
  events: ExternalLedgerEvent[];
}

export interface ParsedLedgerEvents {
  /** Valid lines by episode id (a repeated id keeps its first line). */
  byId: Map<string, ExternalLedgerLine>;
  /** One `file:line: expected …` line per refused line. */
  problems: string[];
}

const LINE_KEYS = new Set(['id', 'events']);
const EVENT_KEYS = new Set(['step', 'category', 'source', 'note']);

const found = (v: unknown): string => (v === undefined ? 'nothing' : JSON.stringify(v).slice(0, 80));

/** The first thing wrong with one parsed line, or null. */
function lineProblem(raw: unknown, categories: ReadonlySet<string>): string | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return `expected an object {id, events}, found ${found(raw)}`;
  const o = raw as Record<string, unknown>;
  const extra = Object.keys(o).find((k) => !LINE_KEYS.has(k));
  if (extra !== undefined) return `expected only the keys id and events, found "${extra}"`;
  if (typeof o.id !== 'string' || o.id === '') return `/id: expected a non-empty episode id string, found ${found(o.id)}`;
  if (!Array.isArray(o.events)) return `/events: expected an array of {step, category, source?, note?}, found ${found(o.events)}`;
  for (let i = 0; i < o.events.length; i++) {
    const ev = o.events[i] as unknown;
    const at = `/events/${i}`;
    if (typeof ev !== 'object' || ev === null || Array.isArray(ev)) return `${at}: expected an object {step, category, source?, note?}, found ${found(ev)}`;
    const e = ev as Record<string, unknown>;
    const bad = Object.keys(e).find((k) => !EVENT_KEYS.has(k));
    if (bad !== undefined) return `${at}: expected only the keys step, category, source and note, found "${bad}"`;
    if (!Number.isSafeInteger(e.step) || (e.step as number) < 0) return `${at}/step: expected a 0-based step index (integer ≥ 0), found ${found(e.step)}`;
    if (typeof e.category !== 'string' || !categories.has(e.category)) return `${at}/category: expected one of ${[...categories].join(', ')}, found ${found(e.category)}`;
    for (const k of ['source', 'note'] as const) if (e[k] !== undefined && typeof e[k] !== 'string') return `${at}/${k}: expected a string, found ${found(e[k])}`;
  }
  return null;
}

/**
 * Parses an external ledger file: JSONL, one line per episode {id, events: [{step, category,
 * source?, note?}]}; blank lines are skipped. `custom` are the pipeline's declared custom
 * categories. Each refused line (malformed JSON, wrong shape, unknown category, a repeated id)
 * is one problem naming `file:line`; steps are checked against episodes later (ledgerRowOf).
 */
export function parseLedgerEvents(text: string, file: string, custom: readonly string[] = []): ParsedLedgerEvents {
  const categories = new Set<string>([...LEDGER_CATEGORIES, ...custom]);
  const byId = new Map<string, ExternalLedgerLine>();
  const problems: string[] = [];
  for (const { at, line, value: raw } of jsonlLines(text, file, 'one JSON object', problems)) {
    const problem = lineProblem(raw, categories);
    if (problem !== null) {
      problems.push(`${at}: ${problem}`);
      continue;
    }
    const { id, events } = raw as { id: string; events: ExternalLedgerEvent[] };
    const first = byId.get(id);
    if (first) {
      problems.push(`${at}: expected one line per episode, found a second line for id "${id}" (first at line ${first.line})`);
      continue;
    }
    byId.set(id, { id, line, events });
  }
  return { byId, problems };
}
