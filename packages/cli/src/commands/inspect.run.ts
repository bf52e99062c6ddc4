import { inspectCorpus, readCorpus, readLabelsBeside, type GroupStats } from '@carb/episodes';
import { printable, printableLines } from '@carb/io';
import { toolTypingFor } from '@carb/jobs';
import { fail, summaryLines } from './corpusLines.ts';
import type { InspectArgs } from './inspect.ts';
import { writeProblems } from '../printNotice.ts';

const pct = (x: number | null) => (x === null ? '–' : `${(100 * x).toFixed(1)}%`);

function row(name: string, s: GroupStats): string {
  return `${printable(name).padEnd(58)} ${String(s.episodes).padStart(5)} ${s.steps.mean.toFixed(2).padStart(6)} ${String(s.steps.max).padStart(4)} ${pct(s.utility.rate).padStart(7)} ${pct(s.attackSuccess.rate).padStart(7)} ${String(s.zeroStep).padStart(5)}`;
}

/** `carb inspect`, once its options have passed. */
export function run(args: InspectArgs): void {
  const tools = toolTypingFor(args);
  if ('failure' in tools) {
    fail(tools.failure);
    return;
  }
  const { typing } = tools;
  const { episodes, problems, summary } = readCorpus(args.corpus, { format: args.format });
  const labelled = readLabelsBeside(args.corpus);
  const allProblems = [...problems, ...(labelled?.problems ?? [])];
  writeProblems(allProblems);
  if (episodes.length === 0) {
    fail(`nothing could be read from ${args.corpus.join(', ')}`);
    return;
  }
  const report = inspectCorpus(episodes, typing, labelled?.labels ?? null);
  if (args.json) {
    process.stdout.write(
      `${printableLines(JSON.stringify({ corpus: { ...summary, problems: allProblems.length }, ...report }, null, 2))}\n`,
    );
    return;
  }
  const out = [
    ...summaryLines(summary, report.unknownTools),
    '',
    `${'model / attack'.padEnd(58)} ${'eps'.padStart(5)} ${'mean'.padStart(6)} ${'max'.padStart(4)} ${'util'.padStart(7)} ${'ASR'.padStart(7)} ${'0-step'.padStart(5)}`,
  ];
  for (const [m, byAttack] of Object.entries(report.byModelAttack))
    for (const [a, s] of Object.entries(byAttack)) out.push(row(`${m} / ${a}`, s));
  out.push('', 'suite'.padEnd(58));
  for (const [k, s] of Object.entries(report.bySuite)) out.push(row(k, s));
  out.push(row('all', report.overall));
  if (report.labels)
    out.push(
      '',
      `labels: ${report.labels.labelled} labelled, harmful ${report.labels.harmful} (${pct(report.labels.harmfulShare)}), ${report.labels.unlabelled} unlabelled`,
    );
  process.stdout.write(`${out.join('\n')}\n`);
}
