import { readFileSync } from 'node:fs';
import { schemaIssues } from '@carb/io';
import { bindingIssues } from './bindingIssues.ts';
import { guardsValidator } from './guardSchema.ts';
import type { GuardCheck, GuardSpec, RecordSpec } from './types.ts';

/** A guard spec that cannot be used: one `file: pointer: expected …` line per issue. */
export class GuardSpecError extends Error {
  override readonly name = 'GuardSpecError';
}

interface RawSpec {
  domain: string;
  guards: Record<string, { checks: GuardCheck[] }>;
  records?: Record<string, Omit<RecordSpec, 'name'>>;
}

const escapeKey = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Reads and validates a guard spec (configs/schema/guards.schema.json, then every
 * binding resolvable); throws GuardSpecError listing every issue, one line each.
 */
export function loadGuards(file: string): GuardSpec {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new GuardSpecError(`${file}: expected a readable guard spec (${(e as Error).message})`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new GuardSpecError(`${file}: expected JSON, found malformed text (${(e as Error).message.replace(/\s*\n\s*/g, ' ')})`);
  }
  const issues = schemaIssues(guardsValidator(), raw);
  if (issues.length > 0) throw new GuardSpecError(issues.map((l) => `${file}: ${l}`).join('\n'));
  const spec = raw as RawSpec;
  const guards = new Map<string, readonly GuardCheck[]>();
  const problems: string[] = [];
  for (const [tool, g] of Object.entries(spec.guards)) {
    const names = new Set<string>();
    g.checks.forEach((c, i) => {
      const at = `/guards/${escapeKey(tool)}/checks/${i}`;
      if (names.has(c.name)) problems.push(`${at}/name: expected a check name unique within its tool, found "${c.name}" twice`);
      names.add(c.name);
      problems.push(...bindingIssues(c, at));
    });
    guards.set(tool, g.checks);
  }
  if (problems.length > 0) throw new GuardSpecError(problems.map((l) => `${file}: ${l}`).join('\n'));
  const records = Object.entries(spec.records ?? {}).map(([name, r]) => ({ name, ...r }));
  return { file, domain: spec.domain, guards, records };
}
