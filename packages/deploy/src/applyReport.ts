import { escapeHtml } from '@carb/io';
import { htmlPage } from '@carb/report';
import type { ApplySummary } from './applySummary.ts';
import type { ShiftCheck } from './shiftCheck.ts';

/** What `carb apply` reports, besides the per-episode table. */
export interface ApplyReport {
  /** One line naming the deployed gate (method, α, stratum, λ). */
  gate: string;
  alpha: number;
  summary: ApplySummary[];
  /** null: no fingerprint beside deploy.json (why, in shiftNote). */
  shift: ShiftCheck | null;
  shiftNote: string | null;
  recalibrate: string;
}

const f3 = (x: number) => x.toFixed(3);

/** One stratum's realized figures, e.g. `all: n 1064, I .512, L̄ .159 [.137, .182] > α .10, U n/a`. */
function summaryLine(s: ApplySummary, alpha: number): string {
  const [lo, hi] = s.lossInterval;
  const vs = s.exceedsAlpha
    ? `above α ${alpha}: the realized risk exceeds the budget`
    : hi <= alpha
      ? `within α ${alpha}`
      : `consistent with α ${alpha}`;
  return `${s.stratum}: n ${s.n}, intervention ${f3(s.intervention)}, ledger loss ${f3(s.loss)} (${s.losses}/${s.n}; 95 % Clopper–Pearson [${f3(lo)}, ${f3(hi)}], ${vs}), autonomous success ${s.success === null ? 'n/a (no episode records a completed task)' : f3(s.success)}`;
}

/** The lines `carb apply` prints: gate, realized figures per stratum, shift verdicts, martingale, recalibration command. */
export function applyReportLines(r: ApplyReport): string[] {
  const out = [`gate: ${r.gate}`];
  for (const s of r.summary) out.push(summaryLine(s, r.alpha));
  if (r.shift) {
    for (const s of r.shift.strata)
      out.push(
        `shift ${s.stratum} (n ${s.n} vs ${r.shift.calibrationEpisodes} calibration episodes, ${r.shift.permutations} permutations): ${s.verdict}`,
      );
    out.push(r.shift.martingaleLine);
  } else if (r.shiftNote) {
    out.push(`shift check: ${r.shiftNote}`);
  }
  out.push(`to recalibrate on old ∪ new logs with the same pinned pipeline: ${r.recalibrate}`);
  return out;
}

/** apply's index.html: the verdicts first, then the realized figures, the shift check and the recalibration command. */
export function applyHtml(r: ApplyReport, title: string, files: readonly string[]): string {
  const verdicts = r.shift ? r.shift.strata.filter((s) => s.stratum === 'all').map((s) => s.verdict) : [r.shiftNote ?? ''];
  const rows = r.summary.map(
    (s) =>
      `<tr><td>${escapeHtml(s.stratum)}</td><td class="num">${s.n}</td><td class="num">${f3(s.intervention)}</td><td class="num">${f3(s.loss)}</td><td class="num">[${f3(s.lossInterval[0])}, ${f3(s.lossInterval[1])}]</td><td>${s.exceedsAlpha ? '<strong>above α</strong>' : 'not above α'}</td><td class="num">${s.success === null ? 'n/a' : f3(s.success)}</td></tr>`,
  );
  const shiftRows = r.shift
    ? r.shift.strata.map(
        (s) =>
          `<tr><td>${escapeHtml(s.stratum)}</td><td class="num">${s.n}</td><td class="num">${f3(s.test.d)}</td><td class="num">${s.test.p.toPrecision(3)}</td><td class="num">${s.unseen?.share == null ? '–' : `${(100 * s.unseen.share).toFixed(1)} %`}</td><td>${escapeHtml(s.verdict)}</td></tr>`,
      )
    : [];
  const body = [
    ...verdicts.map((v) => `<p><strong>${escapeHtml(v)}</strong></p>`),
    ...(r.shift ? [`<p>${escapeHtml(r.shift.martingaleLine)}</p>`] : []),
    `<p>Gate: ${escapeHtml(r.gate)}</p>`,
    '<h2>Realized on the new logs</h2>',
    `<table><tr><th>stratum</th><th class="num">n</th><th class="num">intervention</th><th class="num">ledger loss L̄</th><th class="num">95 % Clopper–Pearson</th><th>vs α ${r.alpha}</th><th class="num">autonomous success</th></tr>\n${rows.join('\n')}\n</table>`,
    ...(r.shift
      ? [
          '<h2>Shift check (label-free)</h2>',
          `<p>First-stop index of each episode (the smallest grid index at which the gate lets it run to its end), new logs against ${r.shift.calibrationEpisodes} calibration episodes: seeded permutation Kolmogorov–Smirnov test, ${r.shift.permutations} permutations, p = (1 + #{D<sub>b</sub> ≥ D}) / (1 + B); calls to tools unseen at calibration.</p>`,
          `<table><tr><th>stratum</th><th class="num">n</th><th class="num">KS D</th><th class="num">p</th><th class="num">unseen tool calls</th><th>verdict</th></tr>\n${shiftRows.join('\n')}\n</table>`,
        ]
      : []),
    '<h2>Recalibrate</h2>',
    `<p><code>${escapeHtml(r.recalibrate)}</code></p>`,
    `<p>${files.map((f) => `<a href="${escapeHtml(f)}">${escapeHtml(f)}</a>`).join(' · ')}</p>`,
  ];
  return htmlPage(title, body.join('\n'));
}
