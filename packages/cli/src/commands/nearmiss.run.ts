import { outputFolderProblem, printable, printableLines, writeOutputFolder } from '@carb/io';
import { agentSummaries, barsSvg, detectEpisode, distributions, loadGuards } from '@carb/nearmiss';
import { svgToPng } from '@carb/report';
import { fail } from './ingest.run.ts';
import { UsageError } from '../options/usageError.ts';
import type { NearmissArgs } from './nearmiss.ts';
import { flaggedTrajectories } from '@carb/jobs';
import { nearmissHtml } from './nearmissHtml.ts';
import { domainWarnings } from '@carb/jobs';
import { readNearmissInput } from '@carb/jobs';
import { NEARMISS_RULE } from '@carb/jobs';
import { holdingOutput } from '@carb/jobs';
import { nearmissJsonRows, nearmissTable } from './nearmissText.ts';

/** `carb nearmiss`, once its options have passed. */
export async function run(args: NearmissArgs): Promise<void> {
  const target = outputFolderProblem(args.out, NEARMISS_RULE);
  if (target !== null) throw new UsageError(`--out: ${target}`);
  const labels = args['agent-label'] ?? [];
  if (labels.length > 1 && labels.length !== args.files.length) throw new UsageError(`--agent-label: expected one label, or one per file (${args.files.length}), found ${labels.length}`);
  await holdingOutput(args.out, () => nearmiss(args));
}

async function nearmiss(args: NearmissArgs): Promise<void> {
  const spec = loadGuards(args.guards);
  const { episodes, problems } = readNearmissInput(args.files, args.format, args['agent-label']);
  for (const p of problems) process.stderr.write(`${printable(p)}\n`);
  for (const w of domainWarnings(spec, episodes)) process.stderr.write(`carb: warning: ${printable(w)}\n`);
  if (episodes.length === 0) return fail(`nothing could be read from ${args.files.join(', ')} (${problems.length} problem(s)); nothing written`);
  const findings = episodes.map((ep) => detectEpisode(ep, spec, args.reading));
  const rows = agentSummaries(episodes, findings);
  // both readings side by side: the literal one is ToolGuard's, the substantive one waives moot checks
  const byReading = { literal: agentSummaries(episodes, episodes.map((ep) => detectEpisode(ep, spec, 'literal'))), substantive: agentSummaries(episodes, episodes.map((ep) => detectEpisode(ep, spec, 'substantive'))) };
  const flagged = flaggedTrajectories(episodes, findings, args['include-content']);
  const correct = distributions(episodes, findings, (ep) => ep.outcome.taskCompleted);
  const incorrect = distributions(episodes, findings, (ep) => !ep.outcome.taskCompleted);
  const byTool = barsSvg('Near-misses (correct final state) by mutating tool', correct.byMutatingTool);
  const bySkipped = barsSvg('Near-misses (correct final state) by skipped read-only tool', correct.bySkippedTool, 'mutating calls made without it');
  const report = {
    guards: args.guards, domain: spec.domain, files: args.files, reading: args.reading,
    problems: { count: problems.length, lines: problems },
    agents: rows,
    readings: byReading,
    distributions: { correct, incorrect },
    flagged: flagged.length,
  };
  await writeOutputFolder(args.out, NEARMISS_RULE, [
    ['nearmiss.json', `${JSON.stringify(report, null, 2)}\n`],
    ['flagged.jsonl', flagged.map((t) => `${JSON.stringify(t)}\n`).join('')],
    ['by-mutating-tool.svg', byTool],
    ['by-mutating-tool.png', svgToPng(byTool)],
    ['by-skipped-tool.svg', bySkipped],
    ['by-skipped-tool.png', svgToPng(bySkipped)],
    ['index.html', nearmissHtml({ guards: args.guards, reading: args.reading, byReading, flagged, problems: problems.length })],
  ]);
  if (args.json) process.stdout.write(`${printableLines(JSON.stringify(nearmissJsonRows(rows, byReading), null, 2))}\n`);
  else process.stdout.write(`${[`reading: ${args.reading} (flagged evidence and figures); both readings:`, ...nearmissTable(byReading), `problems: ${problems.length}`, `flagged trajectories: ${flagged.length}`, `wrote ${args.out}`].join('\n')}\n`);
}
