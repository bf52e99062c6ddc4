import type { MethodName } from '@carb/calibrate';
import { canonicalJson, escapeHtml } from '@carb/io';
import { compareMethods, fmtDecimal, htmlPage, methodLabel } from '@carb/report';
import { PAPER_TABLE10, PAPER_TABLE9, TABLE10_TOLERANCE, TABLE9_CELLS } from './paperTables.ts';
import type { ConditionResult, ConditionSummary, MeanSe, SweepSpec, Table10Row, Table9 } from './types.ts';

/** What {@link sweepHtml} shows. */
export interface SweepHtmlInput {
  spec: SweepSpec;
  carbVersion: string;
  pipelineHash: string;
  /** Every condition's stored result, in spec order. */
  results: ConditionResult[];
  /** fixed-threshold spec: the contents of table9.json. */
  table9?: Table9;
  /** recalibrate spec: the contents of table10.json. */
  table10?: Table10Row[];
  /** Figures written beside index.html as `<name>.svg` and `<name>.png`; inlined here. */
  figures: Array<{ name: string; svg: string }>;
}

interface Cell {
  text: string;
  /** Paper's printed text; a cell that deviates from it beyond the tolerance is marked. */
  deviates?: boolean;
  title?: string;
}

const DEVIATES_STYLE = 'background:#fbe0d4;font-weight:bold';
/** The mark of a cell of ours that differs from the paper beyond the issue's tolerance. */
export const DEVIATION_MARK = '*';

function td(c: Cell): string {
  const title = c.title ? ` title="${escapeHtml(c.title)}"` : '';
  return c.deviates
    ? `<td class="num deviates" style="${DEVIATES_STYLE}"${title}>${escapeHtml(c.text)} ${DEVIATION_MARK}</td>`
    : `<td class="num"${title}>${escapeHtml(c.text)}</td>`;
}

const fmt = (x: number) => fmtDecimal(x, 3);

function table(head: string, rows: string[][], style = ''): string {
  return `<table${style ? ` style="${style}"` : ''}>\n<thead>\n${head}\n</thead>\n<tbody>\n${rows.map((r) => `<tr>${r.join('')}</tr>`).join('\n')}\n</tbody>\n</table>`;
}

/** Two-level header: a label column, then ours/paper under each metric. */
function pairHead(first: string, metrics: string[]): string {
  const top = `<tr><th rowspan="2">${escapeHtml(first)}</th>${metrics.map((m) => `<th colspan="2">${escapeHtml(m)}</th>`).join('')}</tr>`;
  const sub = `<tr>${metrics.map(() => '<th class="num">carb</th><th class="num">paper</th>').join('')}</tr>`;
  return `${top}\n${sub}`;
}

function note(deviating: number, total: number, rule: string): string {
  return `<p class="deviation-note">${escapeHtml(`${DEVIATION_MARK} (shaded): differs from the paper's printed cell beyond the tolerance (${rule}). ${deviating} of ${total} cells deviate.`)}</p>`;
}

function table9Html(t9: Table9): string {
  const metrics = [
    ['meanLoss', 'L̄'],
    ['pathRecall', 'Path recall'],
    ['falsePath', 'False path'],
    ['ctxRed', 'CtxRed'],
  ] as const;
  let deviating = 0;
  const rows = TABLE9_CELLS.map((cell) => {
    const paper = PAPER_TABLE9[cell]!;
    const ours = t9[cell];
    const row = [`<th scope="row">${escapeHtml(paper.label)} <code>${escapeHtml(cell)}</code></th>`];
    for (const [key] of metrics) {
      const text = ours ? fmt(ours[key]) : '–';
      // Table 9 is compared at the printed precision: the cell must print as the paper's does
      const deviates = text !== paper[key];
      if (deviates) deviating++;
      row.push(td({ text, deviates, ...(deviates ? { title: `paper: ${paper[key]}` } : {}) }), td({ text: paper[key] }));
    }
    return row;
  });
  return `<h2>Table 9: fixed-threshold evidence audit</h2>\n${table(
    pairHead(
      'Evidence',
      metrics.map((m) => m[1]),
    ),
    rows,
  )}\n${note(deviating, TABLE9_CELLS.length * metrics.length, 'Table 9: at printed precision')}`;
}

function table10Html(t10: Table10Row[]): string {
  const near = (ours: number, printed: string) => Math.abs(ours - Number(printed)) <= TABLE10_TOLERANCE + 1e-9;
  let deviating = 0;
  let total = 0;
  // ours beside the paper's; a family missing on either side deviates
  const pair = (text: string | null, paper: string | null, ok: boolean): string => {
    const deviates = text == null || paper == null || !ok;
    total++;
    if (deviates) deviating++;
    return (
      td({ text: text ?? '–', deviates, ...(deviates ? { title: `paper: ${paper ?? 'no such row'}` } : {}) }) + td({ text: paper ?? '–' })
    );
  };
  const families = [...t10.map((r) => r.family), ...PAPER_TABLE10.map((p) => p.family).filter((f) => !t10.some((r) => r.family === f))];
  const rows = families.map((family) => {
    const o = t10.find((r) => r.family === family);
    const p = PAPER_TABLE10.find((r) => r.family === family);
    const both = !!o && !!p;
    const metric = (k: 'maxMeanLoss' | 'minHarmStop' | 'maxBenignStop') =>
      pair(o ? fmt(o[k]) : null, p ? p[k] : null, both && near(o[k], p[k]));
    return [
      `<th scope="row">${escapeHtml(p ? `${p.label} (${family})` : family)}</th>`,
      pair(o ? String(o.conditions) : null, p ? String(p.conditions) : null, both && o.conditions === p.conditions),
      metric('maxMeanLoss'),
      metric('minHarmStop'),
      metric('maxBenignStop'),
      pair(
        o ? `${fmt(o.ctxRedMin)}–${fmt(o.ctxRedMax)}` : null,
        p ? `${p.ctxRedMin}–${p.ctxRedMax}` : null,
        both && near(o.ctxRedMin, p.ctxRedMin) && near(o.ctxRedMax, p.ctxRedMax),
      ),
    ];
  });
  return `<h2>Table 10: graph-braid sensitivity</h2>\n${table(pairHead('Sweep', ['Conditions', 'Max L̄', 'Min H-stop', 'Max B-stop', 'CtxRed range']), rows)}\n${note(deviating, total, `Table 10: ±${fmtDecimal(TABLE10_TOLERANCE, 2)}; conditions exactly; a range deviates when either end does`)}`;
}

const METRICS: Array<{ key: keyof ConditionSummary; label: string }> = [
  { key: 'loss', label: 'L̄' },
  { key: 'intervention', label: 'Intervention' },
  { key: 'utility', label: 'U' },
  { key: 'harmStop', label: 'H-stop' },
  { key: 'benignStop', label: 'B-stop' },
  { key: 'ctxRed', label: 'CtxRed' },
  { key: 'pathRecall', label: 'Path recall' },
  { key: 'falsePath', label: 'False path' },
];

function conditionsHtml(results: ConditionResult[], primary: MethodName): string {
  const order = (a: ConditionSummary, b: ConditionSummary) =>
    a.method === primary ? -1 : b.method === primary ? 1 : compareMethods(a.method, b.method);
  const lines = results.flatMap((r) => [...r.summaries].sort(order).map((s) => ({ r, s })));
  // a metric no row measures (path recall on graph-braid) is left out rather than shown as a column of dashes
  const shown = METRICS.filter((m) => lines.some(({ s }) => s[m.key] != null));
  const head = `<tr><th>Condition</th><th>Family</th><th>Method</th><th class="num">k</th><th class="num">Episodes</th><th class="num">Harmful</th>${shown.map((m) => `<th class="num">${escapeHtml(m.label)}</th>`).join('')}<th>Config hash</th></tr>`;
  const rows = lines.map(({ r, s }) => [
    `<td>${escapeHtml(r.name)}</td>`,
    `<td>${escapeHtml(r.family)}</td>`,
    `<td>${escapeHtml(methodLabel(s.method))}</td>`,
    td({ text: String(s.splits) }),
    td({ text: String(r.episodes) }),
    td({ text: String(r.harmful) }),
    ...shown.map((m) => {
      const v = s[m.key] as MeanSe | null;
      return td({ text: v ? `${fmt(v.mean)} ± ${fmt(v.se)}` : '–' });
    }),
    `<td class="hash" title="${escapeHtml(r.hash)}">${escapeHtml(r.hash.slice(0, 12))}</td>`,
  ]);
  // a mean ± SE reads as one token: the wide table scrolls instead of breaking cells
  return `<h2>Conditions</h2>\n<p>Mean ± standard error (sample sd / √k) over each condition's k assignments.</p>\n<div style="overflow-x:auto">\n${table(head, rows, 'white-space:nowrap')}\n</div>`;
}

/** "figure4b" → "Figure 4B"; other names as given. */
function figureHeading(name: string): string {
  const m = /^figure(\d+)([a-z]?)$/.exec(name);
  return m ? `Figure ${m[1]!}${m[2]!.toUpperCase()}` : name;
}

/**
 * The sweep's index.html: spec, pins (carb version, pipeline hash), Table 9 or Table 10 with
 * the paper's printed cells beside ours (deviations beyond the issue's tolerance marked), the
 * figures inlined as SVG (PNG/SVG files linked), and the per-condition means ± SE. One file
 * with inline CSS and no external assets; no timestamps, so reruns are byte-identical.
 */
export function sweepHtml(input: SweepHtmlInput): string {
  const { spec } = input;
  const meta: Array<[string, string]> = [
    ['Spec', spec.name],
    ['Mode', spec.mode],
    ['Budget α', spec.alpha],
    ['Methods', spec.methods.map(methodLabel).join(', ')],
    ['Tables report', methodLabel(spec.primary)],
    ...(spec.calibrateOn ? [['Threshold calibrated on', spec.calibrateOn] as [string, string]] : []),
    ...(spec.ledgerTwin ? [['Ledger evaluated with', canonicalJson(spec.ledgerTwin)] as [string, string]] : []),
    ['Conditions', String(input.results.length)],
    ['carb version', input.carbVersion],
    ['Pipeline hash', input.pipelineHash],
  ];
  const metaHtml = `<table class="meta">\n<tbody>\n${meta.map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td${k === 'Pipeline hash' ? ' class="hash"' : ''}>${escapeHtml(v)}</td></tr>`).join('\n')}\n</tbody>\n</table>`;
  const files = [
    ...(input.table9 ? ['table9.json'] : []),
    ...(input.table10 ? ['table10.json'] : []),
    'conditions.csv',
    ...input.figures.flatMap((f) => [`${f.name}.png`, `${f.name}.svg`]),
  ];
  const body = [
    `<p class="description" style="white-space:pre-line">${escapeHtml(spec.description)}</p>`,
    metaHtml,
    `<nav>${files.map((f) => `<a href="${escapeHtml(f)}">${escapeHtml(f)}</a>`).join('\n')}</nav>`,
    ...(input.table9 ? [table9Html(input.table9)] : []),
    ...(input.table10 ? [table10Html(input.table10)] : []),
    ...input.figures.map(
      (f) =>
        `<h2>${escapeHtml(figureHeading(f.name))}</h2>\n<figure>\n${f.svg.trim()}\n<figcaption><a href="${escapeHtml(f.name)}.png">PNG</a> · <a href="${escapeHtml(f.name)}.svg">SVG</a></figcaption>\n</figure>`,
    ),
    conditionsHtml(input.results, spec.primary),
  ];
  return htmlPage(`Sweep ${spec.name}`, body.join('\n'));
}
