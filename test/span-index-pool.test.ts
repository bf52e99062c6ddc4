import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPrefixGraph } from '@carb/evidence';
import { EdgeMasks } from '../packages/evidence/src/edgeMasks.ts';
import { SpanIndex } from '../packages/evidence/src/spanIndex.ts';
import { testPipeline } from '../packages/evidence/test/helpers.ts';

// Span tables and edge masks are handed from a released graph to the next one. The answers are
// checked against String.prototype.includes on the same texts (the definition of relation 8's
// exact span), through sequences that reuse large stores for small indexes, grow reused stores,
// and keep several indexes alive at once.
const MIN_NEEDLE = 5;
const EXACT = 1 << 7;

/** Nodes before `at` whose text contains `needle`, from the texts themselves. */
function expected(texts: ReadonlyMap<number, string>, needle: string, at: number): number[] {
  return [...texts]
    .filter(([node, text]) => node < at && text.includes(needle))
    .map(([node]) => node)
    .sort((a, b) => a - b);
}

/** The pooled storage an index holds (private; read here to check it is never shared and comes back cleared). */
function storageOf(index: SpanIndex): { buckets: Int32Array } {
  return Reflect.get(index, 'store') as { buckets: Int32Array };
}

function found(index: SpanIndex, needle: string, at: number): number[] {
  const masks = new EdgeMasks();
  index.find(needle, masks, EXACT, at);
  const { parents, relations } = masks.take();
  masks.release();
  expect(relations.every((r) => r === EXACT)).toBe(true);
  return parents;
}

// a two-letter alphabet: windows collide and needles recur, so chains are long and hits are many
const arbText = fc.oneof(fc.stringMatching(/^[ab]{0,40}$/), fc.stringMatching(/^[ab]{150,400}$/));
const arbNeedle = fc.stringMatching(/^[ab]{5,12}$/);
/** One index's life: texts added as nodes 0, 1, …, then needles asked at every node position. */
const arbLife = fc.record({ texts: fc.array(arbText, { maxLength: 6 }), needles: fc.array(arbNeedle, { minLength: 1, maxLength: 4 }) });

function check(index: SpanIndex, texts: ReadonlyMap<number, string>, needles: readonly string[]): void {
  for (const needle of needles) {
    for (let at = 0; at <= texts.size; at++)
      expect(found(index, needle, at), `needle ${needle} before node ${at}`).toEqual(expected(texts, needle, at));
  }
}

describe('SpanIndex storage reuse', () => {
  it('each index in a sequence of released ones answers exactly as includes() on its own texts', () => {
    fc.assert(
      fc.property(fc.array(arbLife, { minLength: 2, maxLength: 6 }), (lives) => {
        for (const life of lives) {
          const index = new SpanIndex(MIN_NEEDLE);
          const texts = new Map<number, string>();
          life.texts.forEach((text, node) => {
            index.add(node, text);
            texts.set(node, text);
          });
          check(index, texts, life.needles);
          // the storage goes back cleared (a stale bucket would chain into the next index's entries)
          const store = storageOf(index);
          index.release();
          expect(store.buckets.every((b) => b === -1)).toBe(true);
        }
      }),
      // no shrinking: after a failure the shared pool is in an unknown state, and a corrupted chain loops
      { numRuns: 60, endOnFailure: true },
    );
  });

  it('indexes alive at the same time (two graphs at once) never see each other’s texts', () => {
    fc.assert(
      fc.property(fc.array(arbLife, { minLength: 2, maxLength: 4 }), arbLife, (lives, last) => {
        const alive = lives.map(() => ({ index: new SpanIndex(MIN_NEEDLE), texts: new Map<number, string>() }));
        // distinct storage, handed over cleared
        expect(new Set(alive.map((a) => storageOf(a.index))).size).toBe(alive.length);
        for (const a of alive) expect(storageOf(a.index).buckets.every((b) => b === -1)).toBe(true);
        // interleaved adds: node k of every index before node k + 1 of any
        const longest = Math.max(...lives.map((l) => l.texts.length));
        for (let node = 0; node < longest; node++) {
          lives.forEach((life, i) => {
            const text = life.texts[node];
            if (text === undefined) return;
            alive[i]!.index.add(node, text);
            alive[i]!.texts.set(node, text);
          });
        }
        lives.forEach((life, i) => check(alive[i]!.index, alive[i]!.texts, life.needles));
        // released twice: the second release must not hand the same storage out again
        for (const a of alive) {
          a.index.release();
          a.index.release();
        }
        const x = new SpanIndex(MIN_NEEDLE);
        const y = new SpanIndex(MIN_NEEDLE);
        expect(storageOf(x)).not.toBe(storageOf(y));
        const tx = new Map<number, string>();
        const ty = new Map<number, string>();
        last.texts.forEach((text, node) => {
          x.add(node, text);
          tx.set(node, text);
          y.add(node, text.split('').reverse().join(''));
          ty.set(node, text.split('').reverse().join(''));
        });
        check(x, tx, last.needles);
        check(y, ty, last.needles);
        x.release();
        y.release();
      }),
      { numRuns: 40, endOnFailure: true },
    );
  });

  it('a released index refuses further use with a clear error', () => {
    const index = new SpanIndex(MIN_NEEDLE);
    index.add(0, 'abababab');
    index.release();
    expect(() => index.add(1, 'bbbbbbbb')).toThrow(/span index: used after release/);
    expect(() => index.find('ababa', new EdgeMasks(), EXACT, 1)).toThrow(/span index: used after release/);
  });
});

describe('EdgeMasks storage reuse', () => {
  it('masks released with edges still collected hand over clean scratch', () => {
    const a = new EdgeMasks();
    a.or(3, 1);
    a.or(40, 2);
    a.release();
    // the next masks (taking the released scratch) start empty and collect only their own edges
    const b = new EdgeMasks();
    expect(b.has(3, 1) || b.has(40, 2)).toBe(false);
    b.or(5, 4);
    b.or(2, 1);
    b.or(5, 8);
    expect(b.take()).toEqual({ parents: [2, 5], relations: [1, 12] });
    expect(() => a.or(0, 1)).toThrow(/edge masks: used after release/);
    b.release();
  });
});

describe('prefix graph release', () => {
  it('a released graph stays readable and refuses to grow', () => {
    const g = createPrefixGraph(testPipeline());
    const step = { index: 0, tool: 'read_file', args: { file_id: 'file-2024' }, result: 'id: file-2024', error: null, ok: true };
    g.propose({ ...step, result: '' });
    g.commit(step);
    g.release();
    g.release();
    expect(g.size).toBe(1);
    expect(g.record(0).result).toBe('id: file-2024');
    expect(() => g.propose({ ...step, index: 1, result: '' })).toThrow(/prefix graph: proposal for step 1 after the graph was released/);
    expect(() => g.commit({ ...step, index: 1 })).toThrow(/prefix graph: commit of step 1 after the graph was released/);
  });
});
