import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { TOOL_TYPES, type Pipeline, type ToolType, type ToolTyping } from './types.ts';

function fail(file: string, where: string, expected: string): never {
  throw new Error(`${file}: ${where}: expected ${expected}`);
}

/** Reads one tool-typing file: `{ "tools": { name: [type, ...] } }`. */
export function loadToolTyping(file: string): ToolTyping {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    fail(file, 'file', `readable JSON (${(e as Error).message})`);
  }
  const tools = (raw as { tools?: unknown }).tools;
  if (typeof tools !== 'object' || tools === null || Array.isArray(tools)) fail(file, '/tools', 'an object of tool name → type list');
  const out: Record<string, ToolType[]> = {};
  for (const [name, types] of Object.entries(tools as Record<string, unknown>)) {
    if (!Array.isArray(types)) fail(file, `/tools/${name}`, 'an array of tool types');
    for (const t of types) {
      if (!TOOL_TYPES.includes(t as ToolType)) fail(file, `/tools/${name}`, `one of ${TOOL_TYPES.join(', ')}, found ${JSON.stringify(t)}`);
    }
    out[name] = types as ToolType[];
  }
  return out;
}

/**
 * Loads a pipeline config. `toolTyping` may be a path or list of paths (relative to
 * the config file) or an inline map; the result always carries the resolved map so
 * that hashing covers the typing content, not its location.
 */
export function loadPipeline(file: string): Pipeline {
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (e) {
    fail(file, 'file', `readable JSON (${(e as Error).message})`);
  }
  for (const key of ['name', 'grid', 'toolTyping', 'graph', 'selector', 'scorer', 'sanitizer', 'ledger', 'splits']) {
    if (!(key in raw)) fail(file, `/${key}`, 'a value (missing key)');
  }
  const typingRef = raw.toolTyping;
  let toolTyping: ToolTyping;
  if (typeof typingRef === 'string' || Array.isArray(typingRef)) {
    const refs = typeof typingRef === 'string' ? [typingRef] : typingRef;
    const merged: Record<string, readonly ToolType[]> = {};
    for (const ref of refs) {
      if (typeof ref !== 'string') fail(file, '/toolTyping', 'a path or list of paths');
      Object.assign(merged, loadToolTyping(resolve(dirname(file), ref)));
    }
    toolTyping = merged;
  } else {
    toolTyping = typingRef as ToolTyping;
  }
  return { ...(raw as unknown as Pipeline), toolTyping };
}

/** Default pipeline shipped in configs/pipelines/default.json. */
export function defaultPipelinePath(): string {
  return resolve(dirname(new URL(import.meta.url).pathname), '../../../configs/pipelines/default.json');
}

/** Returns a copy with the selector replaced (the rest stays frozen). */
export function withSelector(p: Pipeline, selector: Partial<Pipeline['selector']>): Pipeline {
  return { ...p, selector: { ...p.selector, ...selector } };
}
