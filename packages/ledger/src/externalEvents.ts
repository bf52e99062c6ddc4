import { carbPath, describeValue, jsonlLines, schemaIssues, schemaValidator } from '@carb/io';
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

/** configs/schema/ledger-events.schema.json, the contract of one --ledger-events line. */
export const LEDGER_EVENTS_SCHEMA_PATH = carbPath('configs/schema/ledger-events.schema.json');

/** What is wrong with one parsed line (its problems joined, so a refused line stays one problem), or null. */
function lineProblem(raw: unknown, categories: ReadonlySet<string>): string | null {
  const issues = schemaIssues(schemaValidator(LEDGER_EVENTS_SCHEMA_PATH), raw).map((i) => i.replace(/^\/: /, ''));
  // the categories depend on the pipeline (its custom ones), so they are checked here, not in the schema
  if (issues.length === 0) {
    (raw as { events: ExternalLedgerEvent[] }).events.forEach((e, i) => {
      if (!categories.has(e.category))
        issues.push(`/events/${i}/category: expected one of ${[...categories].join(', ')}, found ${describeValue(e.category)}`);
    });
  }
  return issues.length ? issues.join('; ') : null;
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
