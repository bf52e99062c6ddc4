import { describe, expect, it } from 'vitest';
import { selectContext } from '@carb/evidence';
import { episode, graphAt, step } from '../../evidence/test/helpers.ts';
import { featureMask } from '../src/features.ts';

// §4 example (score.test.ts): 0 private certificate, 1 brochure, 2 unrelated, 3 note of the certificate, 4 send of the note
const leak = episode(
  step('read_certificate', {}, 'fingerprint 9F:3A:77', { outputs: ['cert'] }),
  step('read_public_doc', {}, 'Welcome brochure', { outputs: ['doc'] }),
  step('list_items', {}, 'sunny'),
  step('create_note', {}, 'saved', { inputs: ['cert'], outputs: ['note'] }),
  step('send_email', { body: 'see note' }, '', { inputs: ['note'] }),
);

describe('featureMask: bit i is Table 1 row i', () => {
  it('leak under graph-local: intercept, external sink, message/social, earlier source, path, risky', () => {
    const g = graphAt(leak, 4);
    const mask = featureMask(g, selectContext(g, { kind: 'graph', window: 4, seed: 0 }, { episodeId: 'e' }));
    // rows 0, 2, 5, 6, 9, 12: 1 + 4 + 32 + 64 + 512 + 4096
    expect(mask).toBe(4709);
  });
  it('the same send with only the proposal selected: no earlier-context rows', () => {
    const g = graphAt(leak, 4);
    // rows 0, 2, 5, 12
    expect(featureMask(g, [4])).toBe(1 + 4 + 32 + 4096);
  });
  it('a sink after a source it has no selected path from: row 10, not row 9', () => {
    const g = graphAt(leak, 4);
    // rows 0, 2, 5, 6, 10, 12
    expect(featureMask(g, [0, 4])).toBe(1 + 4 + 32 + 64 + 1024 + 4096);
  });
});
