/**
 * Values computed from long texts (tool results), kept by text so a text seen again is not read
 * again, in scopes (what else the value depends on, e.g. the needles searched for). At most
 * `maxChars` characters of text are held over all scopes: a text that would pass them empties the
 * memo first, and a text longer than that is never kept. The texts are the caller's own strings
 * (a Map holds references), so the bound is on memory the memo keeps alive.
 */
export class TextMemo<V> {
  private readonly scopes = new Map<string, Map<string, V>>();
  private held = 0;

  constructor(readonly maxChars: number) {}

  /** Characters of text held. */
  get chars(): number {
    return this.held;
  }

  /** The value of `text` in `scope`: the one kept, or make(text), kept when it fits. */
  get(text: string, make: (text: string) => V, scope = ''): V {
    let values = this.scopes.get(scope);
    let value = values?.get(text);
    if (value !== undefined) return value;
    value = make(text);
    if (text.length > this.maxChars) return value;
    if (this.held + text.length > this.maxChars) {
      this.scopes.clear();
      this.held = 0;
      values = undefined;
    }
    if (values === undefined) this.scopes.set(scope, (values = new Map<string, V>()));
    values.set(text, value);
    this.held += text.length;
    return value;
  }

  /** The value kept for `text` in `scope`, if any. */
  peek(text: string, scope = ''): V | undefined {
    return this.scopes.get(scope)?.get(text);
  }

  /** The texts kept in `scope`, in the order they were first kept. */
  texts(scope = ''): string[] {
    return [...(this.scopes.get(scope)?.keys() ?? [])];
  }
}
