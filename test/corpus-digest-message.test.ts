import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { arrowFileSha256, arrowShaOffset, decodeArrow, encodeArrow, streamCorpus } from '@carb/episodes';
import { bundledEpisodes } from './helpers/replayCorpora.ts';

const dir = mkdtempSync(join(tmpdir(), 'carb-digest-message-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The 64 digits after `"key":"` in the file's footer metadata. */
const digits = (bytes: Uint8Array, key: string) => new RegExp(`"${key}":"([0-9a-f]{64})"`).exec(Buffer.from(bytes).toString('latin1'))![1]!;

// Issue 21: an Arrow corpus whose content digest matches (the added row is not a valid episode, so it is not
// digested) but which holds a row that does not decode was refused as "expected sha256 X, found X": two equal
// digests printed as a mismatch. Built as an attacker would: three valid episodes, a fourth with a step index out
// of order, the header's content digest set to that of the three, and the file digest recomputed.
describe('a corpus refused for an undecodable row does not print equal digests as a mismatch', () => {
  const eps = bundledEpisodes('ces-clean').slice(0, 4);
  const bad = { ...eps[3]!, steps: eps[3]!.steps.map((s, i) => (i === 0 ? { ...s, index: 7 } : s)) };
  const bytes = encodeArrow([...eps.slice(0, 3), bad]);
  const three = digits(encodeArrow(eps.slice(0, 3)), 'sha256');
  const text = Buffer.from(bytes)
    .toString('latin1')
    .replace(`"sha256":"${digits(bytes, 'sha256')}"`, `"sha256":"${three}"`);
  const forged = Uint8Array.from(Buffer.from(text, 'latin1'));
  const at = arrowShaOffset(forged, digits(forged, 'arrowSha256'));
  forged.set(Buffer.from(arrowFileSha256(forged, at), 'latin1'), at);
  // the refusal names the row that does not decode (the fourth, row 3) and why, never two equal digests
  const line = 'invalid episode: /steps/0/index: expected 0 (its position), found number 7';

  it('read whole (decodeArrow)', () => {
    const got = decodeArrow(forged, 'c.arrow');
    expect(got.problems.map((p) => [p.record, p.message])).toEqual([['row 3', line]]);
  }, 60_000);

  it('streamed', async () => {
    const file = join(dir, 'c.arrow');
    writeFileSync(file, forged);
    // the rows streamed before the end are refused with the file, in one line
    const read = async () => {
      for await (const _batch of streamCorpus([file])) {
        /* drained: the error comes while reading */
      }
    };
    await expect(read()).rejects.toThrow(`${file}: row 3: ${line}; 3 episode(s) of this file were already streamed: the corpus is refused`);
  }, 60_000);
});
