import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { carbPath } from '@carb/io';
import { decodeJsonlLine, encoderText, JSONL_HEADER_PREFIX, type Episode } from '../src/index.ts';

function recordLines(name: string): string[] {
  const bytes = readFileSync(carbPath(`corpora/${name}`));
  const text = (name.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
  return text.split('\n').filter((l) => l !== '' && !l.startsWith(JSONL_HEADER_PREFIX));
}

function decode(line: string): { episode: Episode; encoded?: string | null } {
  const got = decodeJsonlLine(line, 1, Number.MAX_SAFE_INTEGER, true);
  if (got === null || !('episode' in got)) throw new Error(`not an episode: ${line.slice(0, 80)}`);
  return got;
}

describe('encoderTextOfLine (decodeJsonlLine with encoded)', () => {
  it('cuts the encoder text from every line of the bundled corpora carb wrote, equal to encoderText', () => {
    // record lines per file, counted with wc -l (the .gz: zcat | wc -l, less its header)
    const corpora: Array<[string, number]> = [
      ['graph-braid.jsonl', 2000],
      ['ces-clean.jsonl', 160],
      ['ces-near-miss.jsonl', 320],
      ['agentdojo-gpt-4o-2024-05-13.jsonl.gz', 753],
    ];
    for (const [name, lines] of corpora) {
      let cut = 0;
      for (const line of recordLines(name)) {
        const { episode, encoded } = decode(line);
        expect(encoded, name).toBe(encoderText(episode));
        cut++;
      }
      expect(cut, name).toBe(lines);
    }
  });

  it('decodes without it unless asked', () => {
    const [line] = recordLines('ces-clean.jsonl');
    expect(decodeJsonlLine(line!, 1, Number.MAX_SAFE_INTEGER)).not.toHaveProperty('encoded');
  });

  it('gives null for a line written otherwise, and the same text where only the request differs', () => {
    const line = recordLines('graph-braid.jsonl')[0]!;
    const value = JSON.parse(line) as Record<string, unknown> & { source: Record<string, unknown>; steps: Array<Record<string, unknown>> };
    const withKeys = (o: Record<string, unknown>, keys: string[]): Record<string, unknown> =>
      Object.fromEntries(keys.map((k) => [k, o[k]]));
    const swapped = (o: Record<string, unknown>, a: number, b: number): Record<string, unknown> => {
      const keys = Object.keys(o);
      [keys[a], keys[b]] = [keys[b]!, keys[a]!];
      return withKeys(o, keys);
    };
    const written = (v: unknown) => JSON.stringify(v);
    const otherwise: Record<string, string> = {
      'record keys swapped': written(swapped(value, 0, 1)),
      'source keys swapped': written({ ...value, source: swapped(value.source, 1, 2) }),
      'step keys swapped': written({ ...value, steps: [swapped(value.steps[0]!, 0, 1), ...value.steps.slice(1)] }),
      'args keys unsorted': written({ ...value, steps: [{ ...value.steps[0]!, args: { z: 1, a: 2 } }, ...value.steps.slice(1)] }),
      'outcome keys swapped': written({ ...value, outcome: swapped(value.outcome as Record<string, unknown>, 0, 1) }),
      'flags keys swapped': written({ ...value, flags: swapped(value.flags as Record<string, unknown>, 0, 1) }),
      'injections unsorted': written({ ...value, injections: { b: 'x', a: 'y' } }),
      'benchmark unsorted': written({ ...value, benchmark: { b: 1, a: 2 } }),
      'a space after the first comma': line.replace(',', ', '),
      'an index written 0.0': line.replace('"index":0,', '"index":0.0,'),
      'a repeated step key': line.replace('"index":0,', '"index":0,"index":0,'),
      'an escaped slash': line.replace('"tool":"', '"tool":"\\/'),
    };
    for (const [what, text] of Object.entries(otherwise)) {
      expect(decode(text).encoded, what).toBeNull();
    }
    // the request present (null, or a text) rather than left out: still JSON.stringify's form, cut the same way
    for (const request of [null, 'Book a flight']) {
      const text = written(withKeys({ ...value, request }, ['id', 'group', 'source', 'request', ...Object.keys(value).slice(3)]));
      const { episode, encoded } = decode(text);
      expect(encoded).toBe(encoderText(episode));
      expect(encoded).toContain(`"request":${JSON.stringify(request)},"steps":[`);
    }
    // and a line without it gains "request":null where encoderText writes it
    const { episode, encoded } = decode(line);
    expect(encoded).toBe(encoderText(episode));
    expect(line).not.toContain('"request"');
    expect(encoded).toContain('"attack":null},"request":null,"steps":[');
    expect(encoded).not.toContain('"file":');
  });
});
