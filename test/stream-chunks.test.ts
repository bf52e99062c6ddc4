import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonlDecoder, encodeCorpusJsonl, encodeJsonl, formatProblem, readCorpus, type Episode, type Problem } from '@carb/episodes';
import { ROOT } from './helpers/shared.ts';

// Three bundled episodes cut to their first step (a small file: every cut is tried),
// with multi-byte text (2-, 3- and 4-byte UTF-8) in their requests and results, so that
// chunk cuts fall inside characters.
const base = readCorpus([`${ROOT}/corpora/ces-clean.jsonl`]).episodes.slice(0, 3);
const eps: Episode[] = base.map((e, i) => ({
  ...e,
  request: ['é ü', '✓ 中文', '😀 𝄞'][i]!,
  steps: e.steps.slice(0, 1).map((s) => ({ ...s, result: 'ñ✓😀' })),
  outcome: { ...e.outcome, completedAtStep: null },
}));
const [l1, l2, l3] = encodeJsonl(eps).split('\n') as [string, string, string, ...string[]];
// CRLF ends, a blank line (3, just CR), a malformed line (4) and a last line (5) with no newline.
const TEXT = `${l1}\r\n${l2}\n\r\n{"id": broken\n${l3}`;

interface Decoded {
  episodes: Episode[];
  problems: Problem[];
  refused: boolean;
}

function decodeIn(chunks: Buffer[]): Decoded {
  const d = new JsonlDecoder('c.jsonl');
  const episodes: Episode[] = [];
  for (const c of chunks) {
    d.push(c);
    episodes.push(...d.take());
  }
  const refused = d.end() !== null;
  episodes.push(...d.take());
  return { episodes, problems: d.problems, refused };
}

function cut(bytes: Buffer, at: readonly number[]): Buffer[] {
  const points = [...new Set(at)].sort((a, b) => a - b);
  const out: Buffer[] = [];
  let from = 0;
  for (const p of points) {
    out.push(bytes.subarray(from, p));
    from = p;
  }
  out.push(bytes.subarray(from));
  return out;
}

describe('JSONL read in chunks', () => {
  const bytes = Buffer.from(TEXT, 'utf8');

  it('read whole: the three episodes (requests intact) and one problem, at line 4', () => {
    const whole = decodeIn([bytes]);
    expect(whole.episodes.map((e) => e.request)).toEqual(['é ü', '✓ 中文', '😀 𝄞']);
    expect(encodeJsonl(whole.episodes)).toBe(`${l1}\n${l2}\n${l3}\n`);
    expect(whole.problems.map(formatProblem)).toEqual([expect.stringMatching(/^c\.jsonl: line 4: malformed JSON \(/)]);
  });

  it('a cut at every byte position gives the same episodes and problems', () => {
    const whole = decodeIn([bytes]);
    for (let at = 0; at <= bytes.length; at++) expect(decodeIn(cut(bytes, [at]))).toEqual(whole);
  });

  it('any set of cuts gives the same (fast-check, fixed seed)', () => {
    const whole = decodeIn([bytes]);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: bytes.length }), { maxLength: 40 }), (at) => {
        expect(decodeIn(cut(bytes, at))).toEqual(whole);
      }),
      { seed: 9031, numRuns: 300 },
    );
  });

  it('a carb-written corpus is checked the same however it is cut; one changed byte refuses it', () => {
    const written = Buffer.from(encodeCorpusJsonl(eps), 'utf8');
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: written.length }), { maxLength: 20 }), (at) => {
        const r = decodeIn(cut(written, at));
        expect(r.refused).toBe(false);
        expect(r.episodes).toHaveLength(3);
      }),
      { seed: 9032, numRuns: 200 },
    );
    const edited = Buffer.from(written);
    edited[edited.length - 5] = 0x20;
    expect(decodeIn(cut(edited, [100, 2000])).refused).toBe(true);
  });

  it('a line longer than the bound is one problem; the lines around it are read', () => {
    expect(Buffer.byteLength(l1) < 5000 && Buffer.byteLength(l2) < 5000).toBe(true);
    const d = new JsonlDecoder('c.jsonl', 5000);
    d.push(Buffer.from(`${l1}\n${'x'.repeat(3000)}`));
    d.push(Buffer.from(`${'y'.repeat(3000)}\n${l2}\n`));
    expect(d.end()).toBeNull();
    expect(d.take().map((e) => e.id)).toEqual([eps[0]!.id, eps[1]!.id]);
    expect(d.problems).toEqual([
      { file: 'c.jsonl', record: 'line 2', message: 'expected a line of at most 5000 bytes, found a longer one' },
    ]);
  });
});
