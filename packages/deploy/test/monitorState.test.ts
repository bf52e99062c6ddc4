import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appendMonitorBatch, idDigest, isMonitorStateText, monitorStateText, readMonitorState, type MonitoredRow } from '@carb/deploy';

const ROW: MonitoredRow = {
  deploySha256: 'a'.repeat(64),
  method: 'g-carb',
  alpha: 0.1,
  stratum: 'all',
  guarantee: 'expectation',
  lambdaIndex: 59,
};
const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const batch = (digest: string, ids: string[], losses: number[]) => ({ corpusDigest: digest, ids, losses });

describe('monitor state: content-free, hash-chained, refusing what would count twice', () => {
  const one = appendMonitorBatch('m.json', null, ROW, 0.05, batch('d1', ['ep-1', 'ep-2'], [0, 1]));
  const text1 = monitorStateText(one);
  const two = appendMonitorBatch('m.json', readMonitorState('m.json', text1), ROW, 0.05, batch('d2', ['ep-3'], [1]));
  const text2 = monitorStateText(two);

  it("records losses, id digests (no id text) and the previous state's SHA-256", () => {
    expect(one.batches[0]).toEqual({
      previousStateSha256: null,
      corpusDigest: 'd1',
      losses: '01',
      idDigests: [sha('ep-1').slice(0, 16), sha('ep-2').slice(0, 16)],
    });
    expect(two.batches[1]!.previousStateSha256).toBe(sha(text1));
    expect(text2).not.toContain('ep-');
    expect(isMonitorStateText(text2)).toBe(true);
    expect(isMonitorStateText('{"a":1}')).toBe(false);
    expect(readMonitorState('m.json', text2)).toEqual(two);
  });

  it('refuses a state of the wrong shape, one line per problem (configs/schema/monitor-state.schema.json)', () => {
    const state = JSON.parse(text2) as { row: Record<string, unknown>; delta: number; batches: Array<Record<string, unknown>> };
    delete state.row.method;
    state.delta = 2;
    state.batches[1]!.losses = '2';
    expect(() => readMonitorState('m.json', JSON.stringify(state))).toThrow(
      [
        'm.json: /row/method: expected a method name, found nothing',
        'm.json: /delta: expected a number in (0, 1), found number 2',
        'm.json: /batches/1/losses: expected "0"/"1" per episode, found string "2"',
      ].join('\n'),
    );
    const fewer = JSON.parse(text2) as { batches: Array<{ idDigests: string[] }> };
    fewer.batches[0]!.idDigests.pop();
    expect(() => readMonitorState('m.json', JSON.stringify(fewer))).toThrow(
      `m.json: /batches/0/idDigests: expected 2 id digests (one per loss), found an array (length 1)`,
    );
  });

  it('refuses a state whose chain is broken: a batch dropped or reordered, or the file edited', () => {
    const three = appendMonitorBatch('m.json', two, ROW, 0.05, batch('d3', ['ep-4'], [0]));
    const dropped = { ...three, batches: [three.batches[0]!, three.batches[2]!] };
    expect(() => readMonitorState('m.json', monitorStateText(dropped))).toThrow(
      /^m\.json: \/batches\/1\/previousStateSha256: expected [0-9a-f]{64}, found "[0-9a-f]{64}": the hash chain is broken/,
    );
    const reordered = { ...three, batches: [three.batches[0]!, three.batches[2]!, three.batches[1]!] };
    expect(() => readMonitorState('m.json', monitorStateText(reordered))).toThrow('the hash chain is broken');
    const edited = text2.replace('"losses": "01"', '"losses": "00"');
    expect(() => readMonitorState('m.json', edited)).toThrow('the hash chain is broken');
    expect(() => readMonitorState('m.json', text2.replace(/\n$/, ''))).toThrow(
      'm.json: expected the bytes carb wrote for this state, found an edited file',
    );
  });

  it('refuses a replayed batch, a replayed episode, another deploy row and another δ', () => {
    expect(() => appendMonitorBatch('m.json', two, ROW, 0.05, batch('d1', ['x'], [0]))).toThrow(
      'm.json: the new logs (corpus digest d1…) are batch 1 already taken in; refusing to count them twice',
    );
    expect(() => appendMonitorBatch('m.json', two, ROW, 0.05, batch('d9', ['new', 'ep-3'], [0, 0]))).toThrow(
      'm.json: episode "ep-3" of the new logs is in batch 2 already taken in',
    );
    expect(() => appendMonitorBatch('m.json', two, { ...ROW, alpha: 0.05 }, 0.05, batch('d9', ['z'], [0]))).toThrow(
      'm.json: /row/alpha: expected 0.05 (the deploy row monitored now), found 0.1: this state monitors another deploy row',
    );
    expect(() => appendMonitorBatch('m.json', two, { ...ROW, deploySha256: 'b'.repeat(64) }, 0.05, batch('d9', ['z'], [0]))).toThrow(
      '/row/deploySha256',
    );
    expect(() => appendMonitorBatch('m.json', two, ROW, 0.1, batch('d9', ['z'], [0]))).toThrow(
      'm.json: /delta: expected 0.1 (--delta), found 0.05',
    );
    expect(idDigest('ep-1')).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('calibrationStratumField', () => {
  it('reads --by F and --by=F from a calibration argv, null without it', async () => {
    const { calibrationStratumField } = await import('@carb/deploy');
    expect(calibrationStratumField(['calibrate', 'a', '--by', 'model', '--out', 'x'])).toBe('model');
    expect(calibrationStratumField(['calibrate', 'a', '--by=suite'])).toBe('suite');
    expect(calibrationStratumField(['calibrate', 'a', '--out', 'x'])).toBeNull();
  });
});
