import { printableLines } from '@carb/io';
import { explainEpisode, explanationShown } from '@carb/replay';
import { loadEpisodes } from '@carb/jobs';
import { printNotice } from '../printNotice.ts';
import { explainJson, explainText, findEpisode, resolveGate } from '@carb/deploy';
import type { ExplainArgs } from './explain.ts';

/** `carb explain`, once its options have passed. */
export function run(args: ExplainArgs): void {
  const resolved = resolveGate(args);
  if (resolved.notice !== null) process.stderr.write(`carb: ${resolved.notice}\n`);
  // an aborted episode can still be asked about: explain reads every episode
  const episodes = loadEpisodes(args.corpus, { format: args.format, includeAborted: true, onNotice: printNotice });
  const episode = findEpisode(episodes, args.episode, args.corpus.join(', '));
  const x = explanationShown(explainEpisode(episode, resolved.pipeline, resolved.threshold), args.includeContent);
  process.stdout.write(
    printableLines(args.json ? `${JSON.stringify(explainJson(x, resolved), null, 2)}\n` : explainText(x, resolved, episode.steps.length)),
  );
}
