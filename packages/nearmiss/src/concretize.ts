import type { JsonObject, JsonValue } from '@carb/episodes';
import { resolveBinding, type Scope } from './bindings.ts';
import type { Binding, CallPattern, NeededCall } from './types.ts';

/** A call pattern made concrete in `scope`, and the keys whose value could not be resolved. */
export interface Concrete {
  call: NeededCall;
  /** "args.<key>" / "resultHas.<key>" left unresolved (null in `call`; the pattern then matches no call). */
  unresolved: string[];
}

function bind(bindings: Record<string, Binding>, scope: Scope, part: string, unresolved: string[]): JsonObject {
  const out: JsonObject = {};
  for (const [k, b] of Object.entries(bindings)) {
    const v: JsonValue | undefined = resolveBinding(b, scope);
    if (v === undefined) unresolved.push(`${part}.${k}`);
    out[k] = v ?? null;
  }
  return out;
}

/** Resolves the bindings of `p` against the mutating call's arguments, the source result and the item. */
export function concretize(p: CallPattern, scope: Scope): Concrete {
  const unresolved: string[] = [];
  const call: NeededCall = { tool: p.tool, args: bind(p.args ?? {}, scope, 'args', unresolved) };
  const held = p.resultHas;
  if (held !== undefined)
    call.resultHas = Array.isArray(held)
      ? held.map((r) => bind(r, scope, 'resultHas', unresolved))
      : bind(held, scope, 'resultHas', unresolved);
  return { call, unresolved };
}
