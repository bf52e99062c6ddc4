import { printable } from '@carb/io';
import type { CorpusSummary } from './corpus.ts';
import type { GroupStats, InspectReport } from './inspect.ts';

const list = (r: Record<string, number>) => {
  const e = Object.entries(r).sort(([a], [b]) => (a < b ? -1 : 1));
  return e.length === 0 ? 'none' : e.map(([k, v]) => `${printable(k)} ${v}`).join(', ');
};

/** What a read of a corpus found, one fact per line (the closing summary of `carb ingest` and `carb inspect`). */
export function corpusSummaryLines(s: CorpusSummary, unknown: Record<string, number>): string[] {
  return [
    `files read: ${s.files} (${(s.bytes / 1e6).toFixed(1)} MB)`,
    `episodes: ${s.episodes}`,
    `skipped: ${list(s.skipped)}`,
    `flagged: aborted ${s.flagged.aborted}, textOnlyCalls ${s.flagged.textOnlyCalls}`,
    `unknown tools: ${list(unknown)}`,
    // only when there are some: most logs have none
    ...Object.entries(s.dropped).map(
      ([field, n]) => `dropped unknown field ${field} in ${n} record${n === 1 ? '' : 's'} (not copied into the corpus)`,
    ),
  ];
}

const pct = (x: number | null) => (x === null ? '–' : `${(100 * x).toFixed(1)}%`);

function row(name: string, s: GroupStats): string {
  return `${printable(name).padEnd(58)} ${String(s.episodes).padStart(5)} ${s.steps.mean.toFixed(2).padStart(6)} ${String(s.steps.max).padStart(4)} ${pct(s.utility.rate).padStart(7)} ${pct(s.attackSuccess.rate).padStart(7)} ${String(s.zeroStep).padStart(5)}`;
}

/** The text of an inspect report (`carb inspect`): the read summary, then per model / attack and per suite, then labels. */
export function inspectLines(summary: CorpusSummary, report: InspectReport): string[] {
  const out = [
    ...corpusSummaryLines(summary, report.unknownTools),
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
  return out;
}
