import { POOLED_STRATUM, type DeployRow, type SummaryRow } from '@carb/calibrate';
import { markdownText } from '@carb/io';
import { fmtAlpha, fmtCount, fmtDecimal, fmtMetric, fmtSigned, fmtThreshold } from './format.ts';
import { guaranteeTag, rowKey } from './groups.ts';
import { guaranteeSentence } from './guarantee.ts';
import { renderMarkdownTable, type Align } from './markdown.ts';
import { compareMethods, methodLabel } from './methods.ts';
import { sameAlpha } from './tableUtil.ts';

const METHOD = 'g-carb';

/** Fold sizes of a stratum's split protocol. */
export interface Folds {
  nCal: number;
  nTest: number;
}

/** "mean [p5,p95]" */
function spread(mean: number, p5: number, p95: number): string {
  return `${fmtMetric(mean)} [${fmtDecimal(p5)},${fmtDecimal(p95)}]`;
}

/** λ̂ as shipped: the grid value, or the stop-all fallback when no threshold is feasible. */
function lambdaCell(d: DeployRow | undefined): string {
  if (!d) return '–';
  return d.lambda === null ? 'infeasible: stop all' : fmtThreshold(d.lambda);
}

function pipelineShort(hash: string): string {
  return hash.length > 12 ? `${hash.slice(0, 12)}…` : hash;
}

/** One stratum × guarantee: G-CARB λ̂ per α with its held-out cost, no guard, the sentence, every method's λ̂. */
function block(deploy: readonly DeployRow[], summary: readonly SummaryRow[], folds: Folds | null): string {
  const { stratum, guarantee, delta, n, pipelineHash, batch } = deploy[0]!;
  const same = summary.filter((r) => {
    const k = rowKey(r);
    return k.stratum === stratum && k.guarantee === guarantee;
  });
  const splits = same.find((r) => r.method === METHOD)?.splits ?? null;
  const noGuard =
    same.find((r) => r.method === 'no-guard') ?? summary.find((r) => r.method === 'no-guard' && rowKey(r).stratum === stratum);
  const ours = deploy.filter((d) => d.method === METHOD).sort((a, b) => a.alpha - b.alpha);
  const out: string[] = [];
  const tag = guaranteeTag(guarantee, delta);
  out.push(
    `### ${stratum === POOLED_STRATUM ? 'All episodes (pooled)' : `Stratum ${markdownText(stratum)}`} — ${guarantee === 'expectation' ? 'CRC, in expectation' : `high-probability, ${tag}${batch !== undefined ? `, batch of ${fmtCount(batch)}` : ''}`}`,
  );
  const held =
    splits && folds
      ? ` Held-out columns: mean [p5,p95] over ${fmtCount(splits)} splits of ${fmtCount(folds.nCal)} calibration / ${fmtCount(folds.nTest)} test episodes, each split fitting its own λ̂ by the same rule; "− no guard" is the change against running without a gate.`
      : ' Held-out columns: mean [p5,p95] over the splits, each split fitting its own λ̂ by the same rule.';
  out.push(
    `λ̂ fit on all n = ${fmtCount(n)} eligible episodes (pipeline ${pipelineShort(pipelineHash)}); a proposal is stopped when its score q > λ̂.${held}`,
  );
  if (ours.length > 0) {
    const header = ['α', 'G-CARB λ̂', 'L̄ [p5,p95]', 'I [p5,p95]', 'U [p5,p95]', 'L̄ − no guard', 'U − no guard'];
    const align: Align[] = header.map(() => 'right');
    const rows = ours.map((d) => {
      const r = same.find((x) => x.method === METHOD && sameAlpha(x.alpha, d.alpha));
      if (!r) return [fmtAlpha(d.alpha), lambdaCell(d), '–', '–', '–', '–', '–'];
      return [
        fmtAlpha(d.alpha),
        lambdaCell(d),
        spread(r.meanLoss, r.lossP5, r.lossP95),
        spread(r.intervention, r.interventionP5, r.interventionP95),
        spread(r.utility, r.utilityP5, r.utilityP95),
        noGuard ? fmtSigned(r.meanLoss - noGuard.meanLoss) : '–',
        noGuard ? fmtSigned(r.utility - noGuard.utility) : '–',
      ];
    });
    if (noGuard) {
      rows.push([
        'no guard',
        'never stops',
        spread(noGuard.meanLoss, noGuard.lossP5, noGuard.lossP95),
        spread(noGuard.intervention, noGuard.interventionP5, noGuard.interventionP95),
        spread(noGuard.utility, noGuard.utilityP5, noGuard.utilityP95),
        '+.000',
        '+.000',
      ]);
    }
    out.push(renderMarkdownTable({ header, align, rows }).trimEnd());
  }
  out.push(guaranteeSentence(guarantee, delta, n, batch));
  // no guard never stops: its row says so in the table above
  const methods = [...new Set(deploy.map((d) => d.method))].filter((m) => m !== 'no-guard').sort(compareMethods);
  const alphas = [...new Set(deploy.map((d) => d.alpha))].sort((a, b) => a - b);
  const header = ['Method', ...alphas.map((a) => `λ̂ at α = ${fmtAlpha(a)}`)];
  out.push(`Every method's λ̂ (deploy.json):`);
  out.push(
    renderMarkdownTable({
      header,
      align: header.map((_, i) => (i === 0 ? 'left' : 'right')),
      rows: methods.map((m) => [
        methodLabel(m),
        ...alphas.map((a) => lambdaCell(deploy.find((d) => d.method === m && sameAlpha(d.alpha, a)))),
      ]),
    }).trimEnd(),
  );
  return out.join('\n\n');
}

/** Strata side by side: one line per stratum × guarantee with its G-CARB λ̂ at every α. */
function glance(blocks: ReadonlyArray<readonly DeployRow[]>): string {
  const alphas = [...new Set(blocks.flatMap((b) => b.filter((d) => d.method === METHOD).map((d) => d.alpha)))].sort((a, b) => a - b);
  const header = ['Stratum', 'Guarantee', 'n', ...alphas.map((a) => `G-CARB λ̂ at α = ${fmtAlpha(a)}`)];
  const rows = blocks.map((b) => {
    const { stratum, guarantee, delta, n } = b[0]!;
    return [
      stratum === POOLED_STRATUM ? 'all (pooled)' : stratum,
      guarantee === 'expectation' ? 'CRC, in expectation' : guaranteeTag(guarantee, delta),
      fmtCount(n),
      ...alphas.map((a) => lambdaCell(b.find((d) => d.method === METHOD && sameAlpha(d.alpha, a)))),
    ];
  });
  return `At a glance, every stratum side by side (details below):\n\n${renderMarkdownTable({ header, align: header.map((_, i) => (i < 2 ? 'left' : 'right')), rows }).trimEnd()}`;
}

/**
 * The Deploy section that opens the report (issue 10): per stratum and guarantee, the
 * G-CARB threshold fit on the whole calibration corpus at each α, what the held-out
 * splits say it costs against no guard, and the guarantee in one sentence; `warnings`
 * (degenerateDeployment) open it when the deployment is degenerate. Markdown in
 * our dialect (headings, pipe tables, paragraphs), so tables.md and index.html share it.
 */
export function deployMarkdown(
  deploy: readonly DeployRow[],
  summary: readonly SummaryRow[],
  folds: (stratum: string) => Folds | null = () => null,
  warnings: readonly string[] = [],
): string {
  const keys: string[] = [];
  const by = new Map<string, DeployRow[]>();
  for (const d of deploy) {
    const k = `${d.stratum}\u0000${d.guarantee}`;
    if (!by.has(k)) {
      by.set(k, []);
      keys.push(k);
    }
    by.get(k)!.push(d);
  }
  keys.sort((a, b) => {
    const [sa, ga] = a.split('\u0000') as [string, string];
    const [sb, gb] = b.split('\u0000') as [string, string];
    return (
      Number(sb === POOLED_STRATUM) - Number(sa === POOLED_STRATUM) || (sa < sb ? -1 : sa > sb ? 1 : 0) || (ga < gb ? -1 : ga > gb ? 1 : 0)
    );
  });
  const parts = ['## Deploy — the threshold to ship'];
  // before any threshold: a degenerate deployment certifies nothing worth shipping
  for (const w of warnings) parts.push(`Warning — degenerate deployment: ${markdownText(w)}.`);
  if (keys.length > 1) parts.push(glance(keys.map((k) => by.get(k)!)));
  for (const k of keys) {
    const rows = by.get(k)!;
    parts.push(block(rows, summary, folds(rows[0]!.stratum)));
  }
  return parts.join('\n\n') + '\n';
}

/**
 * One line per stratum × guarantee for an index page: "G-CARB λ̂ to ship (all, CRC in
 * expectation, n = 753): .44 at α = .025 · .58 at α = .050".
 */
export function deploySummaryLine(deploy: readonly DeployRow[]): string[] {
  const lines = new Map<string, string[]>();
  for (const d of [...deploy].filter((x) => x.method === METHOD).sort((a, b) => a.alpha - b.alpha)) {
    const head = `G-CARB λ̂ to ship (${d.stratum}, ${d.guarantee === 'expectation' ? 'CRC in expectation' : `high-probability, ${guaranteeTag(d.guarantee, d.delta)}`}, n = ${fmtCount(d.n)})`;
    if (!lines.has(head)) lines.set(head, []);
    lines.get(head)!.push(`${lambdaCell(d)} at α = ${fmtAlpha(d.alpha)}`);
  }
  return [...lines.entries()].map(([head, cells]) => `${head}: ${cells.join(' · ')}`);
}
