import { describe, expect, it } from 'vitest';
import { encoderText, type Episode } from '@carb/episodes';
import { replayBesideReading, replayFused, type DecodedBatch } from '@carb/replay';
import { generateGraphBraid, parseParams } from '@carb/suites';
import { allSelectors } from './helpers/fusedReference.ts';
import { bundledEpisodes, defaultPipeline } from './helpers/replayCorpora.ts';

// replayBesideReading (calibrate's replay of a corpus read log by log): the reading thread hands
// each chunk to a replay thread, or replays it itself when the threads are behind. Whatever the
// timing, the tables must be the serial replayFused's (itself held to the per-selector reference
// builder in replay-fused.test.ts), in stream order.

const pipeline = defaultPipeline();
const selectors = allSelectors(pipeline);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `episodes` as a stream of batches of the given sizes (cycled), each after `delay(i)` ms. */
async function* stream(
  episodes: readonly Episode[],
  sizes: number[],
  delay: (i: number) => number = () => 0,
): AsyncGenerator<DecodedBatch> {
  for (let at = 0, i = 0; at < episodes.length; i++) {
    const wait = delay(i);
    if (wait > 0) await sleep(wait);
    const batch = episodes.slice(at, at + sizes[i % sizes.length]!);
    at += batch.length;
    yield { episodes: batch, texts: batch.map(encoderText) };
  }
}

describe('replay beside the reading', () => {
  // 400 episodes: more than six chunks of 64, so threads get chunks and this thread replays others meanwhile
  const episodes = [...bundledEpisodes('ces-clean'), ...bundledEpisodes('ces-near-miss')].slice(0, 400);
  const serial = replayFused(episodes, pipeline, selectors);

  it('the corpus is large enough to reach the replay threads and this thread both', () => {
    expect(episodes.length).toBe(400);
  });

  it('one thread beside the reading: the serial tables, for a fast stream (this thread takes chunks while the thread starts)', async () => {
    const got = await replayBesideReading(stream(episodes, [1, 7, 64, 100]), pipeline, selectors, { workers: 2 });
    expect(got).toEqual(serial);
  }, 120_000);

  it('a slow first episode, and a stall midway (the threads catch up): still the serial tables, in stream order', async () => {
    const got = await replayBesideReading(
      stream(episodes, [1, 63, 64, 30], (i) => (i === 0 ? 400 : i === 5 ? 1500 : 0)),
      pipeline,
      selectors,
      { workers: 3 },
    );
    expect(got).toEqual(serial);
  }, 120_000);

  it('workers 1: no thread, the serial tables; progress counts every episode once', async () => {
    let counted = 0;
    const got = await replayBesideReading(stream(episodes, [50]), pipeline, selectors, {
      workers: 1,
      onEpisodes: (k) => (counted += k),
    });
    expect(got).toEqual(serial);
    expect(counted).toBe(400);
  }, 60_000);

  it('progress counts every episode once with threads too', async () => {
    let counted = 0;
    await replayBesideReading(stream(episodes, [64]), pipeline, selectors, { workers: 2, onEpisodes: (k) => (counted += k) });
    expect(counted).toBe(400);
  }, 120_000);

  it('a stream shorter than one chunk, and an empty one: replayed here, the serial tables', async () => {
    expect(await replayBesideReading(stream(episodes.slice(0, 10), [3]), pipeline, selectors, { workers: 2 })).toEqual(
      replayFused(episodes.slice(0, 10), pipeline, selectors),
    );
    const empty = await replayBesideReading(stream([], [1]), pipeline, selectors, { workers: 2 });
    expect(empty.map((t) => t.n)).toEqual([0, 0, 0, 0, 0]);
  }, 60_000);

  it('score noise reaches the threads: the serial noisy tables', async () => {
    const noisy = generateGraphBraid(17, parseParams(['scoreNoise=0.2', 'trajectories=140']));
    const noise = noisy.meta;
    expect(noisy.episodes.length).toBeGreaterThan(128);
    const got = await replayBesideReading(stream(noisy.episodes, [64]), pipeline, selectors, { workers: 2, noise });
    expect(got).toEqual(replayFused(noisy.episodes, pipeline, selectors, { noise }));
  }, 120_000);

  it("a reading error midway is the call's error, unchanged, after the threads have started", async () => {
    async function* failing(): AsyncGenerator<DecodedBatch> {
      yield* stream(episodes.slice(0, 200), [64]);
      throw new Error('runs/x.json: record 3: expected a JSON object, found a number');
    }
    await expect(replayBesideReading(failing(), pipeline, selectors, { workers: 2 })).rejects.toThrow(
      'runs/x.json: record 3: expected a JSON object, found a number',
    );
  }, 120_000);

  it('rejects a worker count below 1 before reading anything', async () => {
    let read = false;
    async function* watched(): AsyncGenerator<DecodedBatch> {
      read = true;
      yield* stream(episodes, [64]);
    }
    await expect(replayBesideReading(watched(), pipeline, selectors, { workers: 0 })).rejects.toThrow(
      'expected a worker count ≥ 1, found 0',
    );
    expect(read).toBe(false);
  });
});
