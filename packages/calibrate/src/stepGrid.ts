import type { StepPieces } from './stepPieces.ts';

/**
 * Step functions of the grid index (StepPieces) divided by a divisor, as a grid-major table: the
 * episodes with a piece get a position, and codes[g · rows + position] names the double the
 * episode adds at g among `levels` (levels[0] = 0, below the first piece). Summing a fold at one g
 * then reads one contiguous row: a gather where the pieces cost a walk per episode and g.
 */
export interface StepGrid {
  /** Per episode: its position (row offset) in the table, −1 when it has no piece (0 at every g). */
  position: Int32Array;
  rows: number;
  codes: Uint8Array | Uint16Array;
  levels: Float64Array;
  /** No piece is 0: an episode adds 0 exactly below its first piece, so one that adds 0 at g adds 0 at every index below g. */
  zeroBelowFirst: boolean;
}

/**
 * Codes at most (1 byte each, 2 past 256 levels): the shared runs' tables take ~85 kB each; past
 * this (10⁵ episodes and up, where a run asks for few λ̂) the build would cost more than the walks.
 */
const MAX_CODES = 1 << 21;

/**
 * The grid table of `pieces` over G grid indices, each value divided by `divisor` (the very double
 * value / divisor the pieces' sum adds); null when it would hold over MAX_CODES codes or need
 * over 65,536 levels (then the pieces are walked instead). O(rows · G).
 */
export function stepGrid(pieces: StepPieces, n: number, G: number, divisor: number): StepGrid | null {
  const { offset, from, value } = pieces;
  let rows = 0;
  for (let e = 0; e < n; e++) if (offset[e + 1]! > offset[e]!) rows++;
  if (rows * G > MAX_CODES) return null;
  const position = new Int32Array(n);
  rows = 0;
  for (let e = 0; e < n; e++) position[e] = offset[e + 1]! > offset[e]! ? rows++ : -1;
  const code = new Map<number, number>([[0, 0]]);
  const levels: number[] = [0];
  const pieceCode = new Int32Array(offset[n]!);
  let zeroBelowFirst = true;
  for (let k = 0; k < pieceCode.length; k++) {
    const v = divisor === 1 ? value[k]! : value[k]! / divisor;
    // −0 and +0 are one Map key but not one double: keep the table exact
    if (Object.is(v, -0)) return null;
    if (v === 0) zeroBelowFirst = false;
    let c = code.get(v);
    if (c === undefined) {
      c = levels.length;
      if (c > 0xffff) return null;
      code.set(v, c);
      levels.push(v);
    }
    pieceCode[k] = c;
  }
  const codes = levels.length <= 0x100 ? new Uint8Array(rows * G) : new Uint16Array(rows * G);
  for (let e = 0; e < n; e++) {
    const p = position[e]!;
    for (let k = offset[e]!, end = offset[e + 1]!; k < end; k++) {
      const to = k + 1 < end ? Math.min(G, from[k + 1]!) : G;
      for (let g = from[k]!; g < to; g++) codes[g * rows + p] = pieceCode[k]!;
    }
  }
  return { position, rows, codes, levels: Float64Array.from(levels), zeroBelowFirst };
}

/** Positions of one fold's subset, reused by every call. */
let positions = new Int32Array(0);

/**
 * out[g] += the grid's value of each subset episode at g, for the `count` ascending indices of
 * `wanted`, in subset (test) order: the additions a walk over the pieces makes, in its order, so
 * the same bits. Additions of 0 are skipped where the grid says which they are (zeroBelowFirst):
 * adding 0 changes no sum (a sum from +0 is never −0).
 */
export function sumStepGrid(grid: StepGrid, subset: Int32Array, size: number, wanted: Int32Array, count: number, out: Float64Array): void {
  if (count === 0) return;
  const { position, rows, codes, levels, zeroBelowFirst } = grid;
  if (positions.length < size) positions = new Int32Array(Math.max(size, 2 * positions.length));
  const at = positions;
  let kept = 0;
  for (let i = 0; i < size; i++) {
    const p = position[subset[i]!]!;
    at[kept] = p;
    kept += (p >>> 31) ^ 1;
  }
  // four grid indices at a time: four independent chains of additions (each in subset order) hide
  // the latency of one. Groups are taken from the top, so that each can drop, in place, the episodes
  // that add 0 at its largest index (hence at all of its indices) from the group above's: the
  // selected λ̂ mostly lie below a lossy episode's first loss (the frontier's: half of them). The top
  // group's drop is a pass of its own; a lower group's is made in the sum pass of the group above.
  // The lowest group, when short, repeats its first index (same reads, same result)
  if (zeroBelowFirst) {
    const top = wanted[count - 1]! * rows;
    let active = 0;
    for (let i = 0; i < kept; i++) {
      const p = at[i]!;
      at[active] = p;
      active += -codes[top + p]! >>> 31;
    }
    kept = active;
  }
  for (let j = count - 4; j > -4; j -= 4) {
    const g0 = wanted[Math.max(j, 0)]!;
    const g1 = wanted[Math.max(j + 1, 0)]!;
    const g2 = wanted[Math.max(j + 2, 0)]!;
    const g3 = wanted[j + 3]!;
    const r0 = g0 * rows;
    const r1 = g1 * rows;
    const r2 = g2 * rows;
    const r3 = g3 * rows;
    let s0 = out[g0]!;
    let s1 = out[g1]!;
    let s2 = out[g2]!;
    let s3 = out[g3]!;
    // the next group's drop, made in this pass, by its largest index (none after the lowest group,
    // nor when a piece is 0)
    const next = j > 0 ? wanted[j - 1]! * rows : r0;
    const keepAll = zeroBelowFirst && j > 0 ? 0 : 1;
    let active = 0;
    for (let i = 0; i < kept; i++) {
      const p = at[i]!;
      s0 += levels[codes[r0 + p]!]!;
      s1 += levels[codes[r1 + p]!]!;
      s2 += levels[codes[r2 + p]!]!;
      s3 += levels[codes[r3 + p]!]!;
      at[active] = p;
      active += (-codes[next + p]! >>> 31) | keepAll;
    }
    kept = active;
    out[g0] = s0;
    out[g1] = s1;
    out[g2] = s2;
    out[g3] = s3;
  }
}
