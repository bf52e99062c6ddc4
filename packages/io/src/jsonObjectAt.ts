/**
 * The object at JSON pointer `pointer` (RFC 6901) in a parsed JSON value: how the prepare hooks
 * of schemaValidator reach into a schema (a schema file edited out of that shape is refused
 * with one line naming the pointer), and how tests edit a document without `any`.
 */
export function jsonObjectAt(value: unknown, pointer: string): Record<string, unknown> {
  let node = value;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = node !== null && typeof node === 'object' && Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;
  }
  if (node === null || typeof node !== 'object' || Array.isArray(node))
    throw new Error(`${pointer}: expected an object, found ${node === undefined ? 'nothing' : JSON.stringify(node)}`);
  return node as Record<string, unknown>;
}
