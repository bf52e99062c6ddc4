import type { CorpusFormat } from '@carb/episodes';
import { outputFolderProblem, writeOutputFolder } from '@carb/io';
import { agentSummaries, barsSvg, detectEpisode, distributions, loadGuards, type AgentSummary, type PolicyReading } from '@carb/nearmiss';
import { svgToPng } from '@carb/report';
import { holdingOutput } from './holdingOutput.ts';
import { flaggedTrajectories } from './nearmissFlagged.ts';
import { domainWarnings } from './nearmissDomain.ts';
import { nearmissHtml } from './nearmissHtml.ts';
import { readNearmissInput } from './nearmissRead.ts';
import { NEARMISS_RULE } from './nearmissTarget.ts';
import { UsageError } from '@carb/io';

/** The choices of `carb nearmiss`, named as its flags. */
export interface NearmissArgs {
  files: string[];
  guards: string;
  out: string;
  json: boolean;
  format: CorpusFormat;
  includeContent: boolean;
  reading: PolicyReading;
  agentLabel?: string[];
}

/** Per-agent figures under each reading of the policy (rows in the same agent order). */
export type ByReading = Readonly<Record<PolicyReading, readonly AgentSummary[]>>;

/** What `carb nearmiss` found (written to `args.out`), or why nothing was written (`failure`). */
export type NearmissResult =
  { failure: string } | { failure: null; rows: AgentSummary[]; byReading: ByReading; problems: number; flagged: number };

/**
 * `carb nearmiss`: the logs read against a guard spec, latent failures per agent under both policy
 * readings, written as a report folder. `onRead` gets the input problems and domain warnings first.
 */
export async function nearmiss(
  args: NearmissArgs,
  onRead: (problems: readonly string[], warnings: readonly string[]) => void,
): Promise<NearmissResult> {
  const target = outputFolderProblem(args.out, NEARMISS_RULE);
  if (target !== null) throw new UsageError(`--out: ${target}`);
  const labels = args.agentLabel ?? [];
  if (labels.length > 1 && labels.length !== args.files.length)
    throw new UsageError(`--agent-label: expected one label, or one per file (${args.files.length}), found ${labels.length}`);
  return holdingOutput(args.out, () => nearmissHeld(args, onRead));
}

async function nearmissHeld(
  args: NearmissArgs,
  onRead: (problems: readonly string[], warnings: readonly string[]) => void,
): Promise<NearmissResult> {
  const spec = loadGuards(args.guards);
  const { episodes, problems } = readNearmissInput(args.files, args.format, args.agentLabel);
  onRead(problems, domainWarnings(spec, episodes));
  if (episodes.length === 0)
    return { failure: `nothing could be read from ${args.files.join(', ')} (${problems.length} problem(s)); nothing written` };
  const findings = episodes.map((ep) => detectEpisode(ep, spec, args.reading));
  const rows = agentSummaries(episodes, findings);
  // both readings side by side: the literal one is ToolGuard's, the substantive one waives moot checks
  const byReading = {
    literal: agentSummaries(
      episodes,
      episodes.map((ep) => detectEpisode(ep, spec, 'literal')),
    ),
    substantive: agentSummaries(
      episodes,
      episodes.map((ep) => detectEpisode(ep, spec, 'substantive')),
    ),
  };
  const flagged = flaggedTrajectories(episodes, findings, args.includeContent);
  const correct = distributions(episodes, findings, (ep) => ep.outcome.taskCompleted);
  const incorrect = distributions(episodes, findings, (ep) => !ep.outcome.taskCompleted);
  const byTool = barsSvg('Near-misses (correct final state) by mutating tool', correct.byMutatingTool);
  const bySkipped = barsSvg(
    'Near-misses (correct final state) by skipped read-only tool',
    correct.bySkippedTool,
    'mutating calls made without it',
  );
  const report = {
    guards: args.guards,
    domain: spec.domain,
    files: args.files,
    reading: args.reading,
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
  return { failure: null, rows, byReading, problems: problems.length, flagged: flagged.length };
}
