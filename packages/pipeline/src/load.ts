import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { configValidators } from './configSchemas.ts';
import { exactWeights } from './exactWeights.ts';
import { carbPath, nameRecord, readConfigJson, refuseConfig, schemaIssues, unreadableReason } from '@carb/io';
import { LATENT_POLICY_CATEGORY, LEDGER_CATEGORIES, type LedgerConfig, type Pipeline, type ToolType, type ToolTyping } from './types.ts';

/**
 * Adds `typing` to `into` by own property (a tool named `__proto__` or `constructor` is
 * an ordinary entry), refusing a tool that an earlier file typed differently.
 */
function mergeTyping(into: Record<string, readonly ToolType[]>, typing: ToolTyping, file: string, origin: Map<string, string>): void {
  for (const name of Object.keys(typing)) {
    const types = typing[name]!;
    if (Object.hasOwn(into, name) && JSON.stringify(into[name]) !== JSON.stringify(types)) {
      refuseConfig(file, [
        `/tools/${name}: expected the types ${JSON.stringify(into[name])} it has in ${origin.get(name) ?? 'another file'}, found ${JSON.stringify(types)}`,
      ]);
    }
    Object.defineProperty(into, name, { value: types, enumerable: true, writable: true, configurable: true });
    origin.set(name, file);
  }
}

/** A nameRecord, so that looking up any tool name finds only what a typing file declared. */
function emptyTyping(): Record<string, readonly ToolType[]> {
  return nameRecord();
}

/** Reads and validates one tool-typing file (configs/schema/tool-typing.schema.json): `{ "tools": { name: [type, ...] } }`. */
export function loadToolTyping(file: string): ToolTyping {
  const raw = readConfigJson(file);
  const issues = schemaIssues(configValidators().toolTyping, raw);
  if (issues.length) refuseConfig(file, issues);
  const out = emptyTyping();
  mergeTyping(out, (raw as { tools: ToolTyping }).tools, file, new Map());
  return out;
}

/** Merges tool-typing files in order; a tool typed differently by two files is refused. */
export function loadToolTypings(files: readonly string[]): ToolTyping {
  const out = emptyTyping();
  const origin = new Map<string, string>();
  for (const f of files) mergeTyping(out, loadToolTyping(f), f, origin);
  return out;
}

function regexIssue(pointer: string, source: string, flags: string): string | null {
  try {
    new RegExp(source, flags);
    return null;
  } catch (e) {
    return `${pointer}: expected a regular expression, found ${JSON.stringify(source)} (${(e as Error).message})`;
  }
}

/** Rules JSON Schema cannot state: patterns compile, line bounds are ordered. */
function crossFieldIssues(p: Pipeline): string[] {
  const issues: string[] = [];
  const canary = regexIssue('/sanitizer/canaryPattern', p.sanitizer.canaryPattern, 'g');
  if (canary) issues.push(canary);
  p.sanitizer.injectionMarkers.forEach((m, i) => {
    const bad = regexIssue(`/sanitizer/injectionMarkers/${i}`, m, 'i');
    if (bad) issues.push(bad);
  });
  if (p.graph.distinctiveLineMin > p.graph.distinctiveLineMax) {
    issues.push(
      `/graph/distinctiveLineMax: expected at least distinctiveLineMin (${p.graph.distinctiveLineMin}), found ${p.graph.distinctiveLineMax}`,
    );
  }
  const custom = p.ledger.customCategories ?? [];
  custom.forEach((c, i) => {
    if ((LEDGER_CATEGORIES as readonly string[]).includes(c))
      issues.push(`/ledger/customCategories/${i}: expected a category other than the five built-in ones, found "${c}"`);
  });
  if (p.ledger.latentPolicy && !custom.includes(LATENT_POLICY_CATEGORY)) {
    issues.push(
      `/ledger/customCategories: expected "${LATENT_POLICY_CATEGORY}" declared with /ledger/latentPolicy, found ${JSON.stringify(custom)}`,
    );
  }
  return issues;
}

/** The latent-policy guard spec resolved against the pipeline file and pinned by its content. */
function resolveLatentPolicy(ledger: LedgerConfig, file: string): LedgerConfig {
  if (!ledger.latentPolicy) return ledger;
  const guards = resolve(dirname(file), ledger.latentPolicy.guards);
  let bytes: Buffer;
  try {
    bytes = readFileSync(guards);
  } catch (e) {
    refuseConfig(file, [`/ledger/latentPolicy/guards: expected a readable guard spec at ${guards}, found ${unreadableReason(e)}`]);
  }
  const guardsSha256 = createHash('sha256').update(bytes).digest('hex');
  // a run's pipeline.json records the spec it calibrated with: a gate must not load a changed one under that pin
  const pinned = ledger.latentPolicy.guardsSha256;
  if (pinned !== undefined && pinned !== guardsSha256)
    refuseConfig(file, [
      `/ledger/latentPolicy/guardsSha256: expected the guard spec ${guards} to have SHA-256 ${pinned} as calibrated, found ${guardsSha256}`,
    ]);
  return { ...ledger, latentPolicy: { guards, guardsSha256 } };
}

/**
 * Loads a pipeline config, validated against configs/schema/pipeline.schema.json (no
 * unknown keys, no numbers given as strings) and with exact scorer weights. `toolTyping`
 * may be a path or list of paths (relative to the config file) or an inline map; the
 * result always carries the resolved map so that hashing covers the typing content, not
 * its location. Throws one line per problem, each `<file>: <pointer>: expected …`.
 */
export function loadPipeline(file: string): Pipeline {
  const raw = readConfigJson(file);
  const issues = schemaIssues(configValidators().pipeline, raw);
  if (issues.length) refuseConfig(file, issues);
  const config = raw as Pipeline & { toolTyping: string | string[] | ToolTyping; $schema?: string; _comment?: unknown };
  const { $schema: _schema, _comment: _note, ...rest } = config;
  const more = crossFieldIssues(config);
  if (more.length) refuseConfig(file, more);
  try {
    exactWeights(config.scorer.weights);
  } catch (e) {
    refuseConfig(file, [(e as Error).message]);
  }
  const ref = config.toolTyping;
  let toolTyping: ToolTyping;
  if (typeof ref === 'string' || Array.isArray(ref)) {
    toolTyping = loadToolTypings((typeof ref === 'string' ? [ref] : ref).map((r) => resolve(dirname(file), r)));
  } else {
    toolTyping = emptyTyping();
    mergeTyping(toolTyping, ref, file, new Map());
  }
  return { ...rest, toolTyping, ledger: resolveLatentPolicy(config.ledger, file) };
}

/** Default pipeline shipped in configs/pipelines/default.json. */
export function defaultPipelinePath(): string {
  return carbPath('configs/pipelines/default.json');
}

/** Returns a copy with the selector replaced (the rest stays frozen). */
export function withSelector(p: Pipeline, selector: Partial<Pipeline['selector']>): Pipeline {
  return { ...p, selector: { ...p.selector, ...selector } };
}
