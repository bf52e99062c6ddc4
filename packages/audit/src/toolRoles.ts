import { canonicalJson, carbPath, readConfigJson, refuseConfig } from '@carb/io';
import { loadToolTypings, type ToolTyping } from '@carb/pipeline';

/**
 * What a tool does to the policy-relevant state, and which argument names carry it. W reads
 * the prefix through these roles; a typed tool without one changes no state variable.
 */
export type ToolRole =
  | { role: 'read'; artifact: string }
  | { role: 'read_mail' }
  | { role: 'read_request' }
  | { role: 'write'; artifact: string }
  | { role: 'bind'; destination: string; member: string }
  | { role: 'approval'; artifact: string }
  | { role: 'adopt'; request: string }
  | { role: 'send'; artifact: string; destination: string };

/** Tool types (`tools`) and audit roles (`roles`) of one or more tool-typing files. */
export interface AuditTyping {
  files: readonly string[];
  types: ToolTyping;
  roles: ReadonlyMap<string, ToolRole>;
}

/** The shipped typing of the two audit suites. */
export const AUDIT_TYPING_PATH = carbPath('configs/tools/latentriskbench.json');

const NEEDS: Record<ToolRole['role'], readonly string[]> = {
  read: ['artifact'],
  read_mail: [],
  read_request: [],
  write: ['artifact'],
  bind: ['destination', 'member'],
  approval: ['artifact'],
  adopt: ['request'],
  send: ['artifact', 'destination'],
};

/**
 * Reads tool-typing files (configs/schema/tool-typing.schema.json) for the audit: `tools` through
 * @carb/pipeline's loader (validated, merged, a tool typed differently by two files refused),
 * `roles` here. Refuses, one line each, a role missing an argument name it needs, one with an
 * argument it does not use, a role for a tool `tools` does not type, and a tool two files give
 * different roles.
 */
export function loadAuditTyping(files: readonly string[] = [AUDIT_TYPING_PATH]): AuditTyping {
  const types = loadToolTypings(files);
  const roles = new Map<string, ToolRole>();
  for (const file of files) {
    const raw = (readConfigJson(file) as { roles?: Record<string, Record<string, string>> }).roles ?? {};
    const problems: string[] = [];
    for (const [tool, r] of Object.entries(raw)) {
      const needs = NEEDS[r.role as ToolRole['role']];
      const missing = needs.filter((k) => typeof r[k] !== 'string');
      const extra = Object.keys(r).filter((k) => k !== 'role' && !needs.includes(k));
      if (missing.length) problems.push(`/roles/${tool}: expected ${missing.join(' and ')} (role ${String(r.role)}), found none`);
      if (extra.length)
        problems.push(`/roles/${tool}: expected only ${['role', ...needs].join(', ')} (role ${String(r.role)}), found ${extra.join(', ')}`);
      if (!Object.hasOwn(types, tool)) problems.push(`/roles/${tool}: expected a tool that /tools types, found it untyped`);
      const before = roles.get(tool);
      if (before !== undefined && canonicalJson(before) !== canonicalJson(r))
        problems.push(`/roles/${tool}: expected the role ${JSON.stringify(before)} an earlier file gives it, found ${JSON.stringify(r)}`);
      if (!missing.length && !extra.length) roles.set(tool, r as unknown as ToolRole);
    }
    if (problems.length) refuseConfig(file, problems);
  }
  return { files, types, roles };
}

let shipped: AuditTyping | null = null;

/** The shipped typing (AUDIT_TYPING_PATH), loaded once. */
export function defaultAuditTyping(): AuditTyping {
  shipped ??= loadAuditTyping();
  return shipped;
}

/** The role of `tool` under `typing`, or null. */
export function roleOf(tool: string, typing: AuditTyping = defaultAuditTyping()): ToolRole | null {
  return typing.roles.get(tool) ?? null;
}

/** Whether `typing` knows `tool` at all (typed in `tools`, with or without a role). */
export function isTyped(tool: string, typing: AuditTyping): boolean {
  return Object.hasOwn(typing.types, tool) || typing.roles.has(tool);
}
