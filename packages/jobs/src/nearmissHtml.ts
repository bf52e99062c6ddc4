import { escapeHtml } from '@carb/io';
import { htmlPage } from '@carb/report';
import type { AgentSummary, PolicyReading } from '@carb/nearmiss';
import type { ByReading } from './nearmiss.ts';
import type { FlaggedTrajectory } from './nearmissFlagged.ts';

const pct = (x: number | null) => (x === null ? '–' : `${(100 * x).toFixed(1)}%`);
const ci = (c: { low: number; high: number } | null) => (c === null ? '–' : `${pct(c.low)} – ${pct(c.high)}`);
const td = (s: string | number, num = false) => `<td${num ? ' class="num"' : ''}>${escapeHtml(String(s))}</td>`;

function agentTable(rows: readonly AgentSummary[]): string {
  const head = [
    'agent',
    'trajectories',
    'with mutating call',
    'correct',
    'near-miss (correct)',
    'rate',
    '95% Wilson',
    'flagged (incorrect)',
    'rate',
    '95% Wilson',
  ];
  const body = rows.map(
    (r) =>
      `<tr>${td(r.agent)}${td(r.trajectories, true)}${td(r.withMutation, true)}${td(r.correct, true)}${td(`${r.nearMissCorrect}/${r.correct}`, true)}${td(pct(r.rateCorrect), true)}${td(ci(r.ciCorrect), true)}${td(`${r.flaggedIncorrect}/${r.incorrect}`, true)}${td(pct(r.rateIncorrect), true)}${td(ci(r.ciIncorrect), true)}</tr>`,
  );
  return `<table>\n<thead><tr>${head.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead>\n<tbody>\n${body.join('\n')}\n</tbody>\n</table>`;
}

function flaggedList(flagged: readonly FlaggedTrajectory[]): string {
  return flagged
    .map((t) => {
      const head = `<h3>${escapeHtml(t.episode)}</h3>\n<p>${escapeHtml(`${t.agent} · final state ${t.correct ? 'correct (near-miss)' : 'incorrect'} · reward ${JSON.stringify(t.reward)} · ${typeof t.termination === 'string' ? t.termination : JSON.stringify(t.termination)}`)}</p>`;
      const rows = t.failures.map(
        (f) =>
          `<tr>${td(f.step, true)}${td(f.message ?? '–', true)}${td(f.turn ?? '–', true)}<td><code>${escapeHtml(`${f.tool}(${JSON.stringify(f.args)})`)}</code></td>${td(f.check)}${td(f.why)}${td(f.itemHash ?? '–')}<td><code>${escapeHtml(f.needed.map((n) => `${n.tool}(${JSON.stringify(n.args)}${n.resultHas ? ` listing ${JSON.stringify(n.resultHas)}` : ''})`).join(' or '))}</code>${f.unresolved ? `<br>${escapeHtml(f.unresolved)}` : ''}</td></tr>`,
      );
      return `${head}\n<table>\n<thead><tr><th>step</th><th>message</th><th>turn</th><th>mutating call</th><th>missing check</th><th>policy line</th><th>item (hash)</th><th>read-only call needed (or an equivalent)</th></tr></thead>\n<tbody>\n${rows.join('\n')}\n</tbody>\n</table>`;
    })
    .join('\n');
}

/** index.html of a near-miss report: the per-agent table, Figure 4's bars, the flagged trajectories. */
export function nearmissHtml(input: {
  guards: string;
  reading: PolicyReading;
  byReading: ByReading;
  flagged: readonly FlaggedTrajectory[];
  problems: number;
}): string {
  const body = [
    `<p>${escapeHtml(`Guard spec: ${input.guards}. A near-miss is a trajectory whose final state is correct although a mutating call was made without a read-only check its policy guard needs (or an equivalent call) earlier in the trajectory. Problems in the input: ${input.problems} (nearmiss.json lists them).`)}</p>`,
    `<h2>Per agent, literal reading${input.reading === 'literal' ? ' (the flagged evidence below)' : ''}</h2>`,
    agentTable(input.byReading.literal),
    `<h2>Per agent, substantive reading${input.reading === 'substantive' ? ' (the flagged evidence below)' : ''}</h2>`,
    agentTable(input.byReading.substantive),
    '<h2>Latent failures among correct final states (Figure 4)</h2>',
    '<p><img src="by-mutating-tool.svg" alt="near-misses by mutating tool"></p>',
    '<p><img src="by-skipped-tool.svg" alt="near-misses by skipped read-only tool"></p>',
    `<h2>Flagged trajectories (${input.flagged.length})</h2>`,
    flaggedList(input.flagged),
  ];
  return htmlPage('Near-miss audit', body.join('\n'));
}
