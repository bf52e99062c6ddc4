import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayInput } from '@carb/jobs';
import { allSelectors } from './helpers/fusedReference.ts';
import { defaultPipeline } from './helpers/replayCorpora.ts';
import { ROOT } from './helpers/shared.ts';

// replayInput's onReplayed: where calibrate starts its split shuffles (startSplitShuffles), before the tables are joined
describe('replayInput calls onReplayed once, with the usable episodes and their format', () => {
  const file = join(ROOT, 'corpora', 'ces-near-miss.jsonl');
  // counted from the file itself: one episode a line, none aborted
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  const usable = lines.filter((l) => !(JSON.parse(l) as { flags: { aborted: boolean } }).flags.aborted).length;

  for (const workers of [1, 2])
    it(`read by ${workers} worker(s)`, { timeout: 60_000 }, async () => {
      const pipeline = defaultPipeline();
      const calls: Array<{ episodes: number; format: string | null }> = [];
      const replayed = await replayInput({
        input: { paths: [file], load: { format: 'auto', strict: false, includeAborted: false } },
        pipeline,
        selectors: allSelectors(pipeline).slice(0, 1),
        workers,
        noise: null,
        quiet: true,
        onReplayed: (read) => calls.push(read),
      });
      expect(usable).toBe(320);
      expect(calls).toEqual([{ episodes: usable, format: 'ces' }]);
      expect(replayed.episodes).toBe(usable);
    });
});
