// Polynomial hashes of fixed-width text windows, mod 2^32 and folded to 30 bits so that they stay
// small integers as Map keys. The relation-8 indexes key windows by hash instead of allocating a
// substring per position; every hit is confirmed by comparing the text itself, so a collision
// costs a comparison, never a wrong edge.
const BASE = 0x01000193;
const KEY_BITS = 0x3fffffff;

/** Hash key of text[at, at + width). */
export function windowHash(text: string, at: number, width: number): number {
  let h = 0;
  for (let i = at; i < at + width; i++) h = (Math.imul(h, BASE) + text.charCodeAt(i)) | 0;
  return h & KEY_BITS;
}

/** Calls `visit(p, windowHash(text, p, width))` for every window start p, in one rolling pass. */
export function forEachWindow(text: string, width: number, visit: (p: number, key: number) => void): void {
  if (width < 1 || text.length < width) return;
  // BASE^(width − 1): the weight of the character that leaves the window
  let top = 1;
  for (let i = 1; i < width; i++) top = Math.imul(top, BASE);
  let h = 0;
  for (let i = 0; i < width; i++) h = (Math.imul(h, BASE) + text.charCodeAt(i)) | 0;
  visit(0, h & KEY_BITS);
  for (let p = 1; p + width <= text.length; p++) {
    h = (Math.imul((h - Math.imul(text.charCodeAt(p - 1), top)) | 0, BASE) + text.charCodeAt(p + width - 1)) | 0;
    visit(p, h & KEY_BITS);
  }
}
