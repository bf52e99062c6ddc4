import { printable, printableLines } from '@carb/io';
import { allGridIndices, openGate, resolveGate, runCheck, runGateEvents, stdinLines } from '@carb/deploy';
import { loadEpisodes } from '@carb/jobs';
import { printNotice } from '../printNotice.ts';
import type { GateArgs } from './gate.ts';

/** `carb gate`, once its options have passed. */
export async function run(args: GateArgs): Promise<void> {
  const resolved = resolveGate(args);
  if (resolved.notice !== null) process.stderr.write(`carb: ${resolved.notice}\n`);
  if (args.check === undefined) {
    // a deploy row's λ is nowhere on the command line: say it where an operator sees it (stdout is
    // the decision stream); an infeasible row's notice has said it already
    if (resolved.row !== null && resolved.notice === null) process.stderr.write(`carb: gate ${printable(resolved.description)}\n`);
    // the gate object loadGate returns: the library and the command decide by one code path
    const gate = openGate(resolved, { episodeId: args.episode ?? 'online' });
    // typed at a terminal, not piped from an agent: say what it waits for, which it would otherwise do silently
    if (process.stdin.isTTY)
      process.stderr.write(
        'carb: gate: reading the episode from the terminal, one JSON event a line (a step, or a proposal then its result); Ctrl-D ends it\n',
      );
    try {
      await runGateEvents(gate, stdinLines(process.stdin), ({ step, decision, score, context, features }) => {
        process.stdout.write(`${printableLines(JSON.stringify({ step, decision, score, context, features }))}\n`);
      });
    } finally {
      // the agent may keep its end open after the stop: reading ends here either way
      process.stdin.destroy();
    }
    return;
  }
  const episodes = loadEpisodes(args.check, {
    format: args.format,
    strict: args.strict,
    includeAborted: args.includeAborted,
    onNotice: printNotice,
  });
  const result = runCheck(episodes, resolved, args.allThresholds ? allGridIndices(resolved) : null);
  const what = args.allThresholds ? `${resolved.who}; every grid threshold (${result.thresholds})` : resolved.description;
  process.stdout.write(`checked ${result.episodes} episodes: ${printable(what)}\n`);
  for (const d of result.disagreements) process.stdout.write(`disagreement: ${printable(d)}\n`);
  process.stdout.write(`proposals checked ${result.proposals}, disagreements ${result.disagreements.length}\n`);
  if (result.disagreements.length > 0) process.exitCode = 1;
}
