import type { MethodName } from '@carb/calibrate';
import { escapeHtml } from '@carb/io';
import { fmtAlpha, methodLabel } from '@carb/report';
import { scaleLinear, type ScaleLinear } from 'd3-scale';
import { symbol, symbolCircle } from 'd3-shape';
import { primarySummary } from './primarySummary.ts';
import { PAPER_TABLE10 } from './paperTables.ts';
import { methodColor, n2, splitCounts, svgOpen, whisker, yAxis } from './svgUtil.ts';
import type { ConditionResult, MeanSe } from './types.ts';

const WIDTH = 960;
const LEFT = 80;
const PLOT_WIDTH = 850;
const PANEL_HEIGHT = 190;
const TOP = [104, 104 + PANEL_HEIGHT + 56] as const;
/** Room under the lower panel for the slanted condition names, then the legend. */
const LABEL_ROOM = 110;
const HEIGHT = TOP[1] + PANEL_HEIGHT + LABEL_ROOM + 54;
/** Space between two families, in condition slots. */
const FAMILY_GAP = 0.6;

interface Point {
  name: string;
  family: string;
  loss: MeanSe;
  intervention: MeanSe;
  splits: number;
  x: number;
}

/** Families in order of first appearance, each with its conditions in result order. */
function byFamily(results: readonly ConditionResult[]): ConditionResult[][] {
  const groups = new Map<string, ConditionResult[]>();
  for (const r of results) {
    const g = groups.get(r.family);
    if (g) g.push(r);
    else groups.set(r.family, [r]);
  }
  return [...groups.values()];
}

const familyLabel = (family: string) => PAPER_TABLE10.find((r) => r.family === family)?.label ?? family;

function panel(
  id: string,
  label: string,
  y: ScaleLinear<number, number>,
  points: readonly Point[],
  value: (p: Point) => MeanSe,
  color: string,
  extra: string[],
): string {
  const top = y.range()[1]!;
  const yc = y.copy().clamp(true);
  const marker = symbol(symbolCircle, 48).digits(2)() ?? '';
  const out = [
    `<g class="panel" id="${id}">`,
    `<text x="${LEFT}" y="${n2(top - 26)}" font-size="13" font-weight="bold">${escapeHtml(label)}</text>`,
  ];
  out.push(yAxis(y, LEFT, LEFT + PLOT_WIDTH, id === 'panel-loss' ? 'mean episode loss L̄' : 'intervention rate'));
  out.push(...extra);
  for (const p of points) {
    const v = value(p);
    out.push(
      `<g class="point" data-condition="${escapeHtml(p.name)}">` +
        whisker(p.x, yc(v.mean - v.se), yc(v.mean + v.se), color) +
        `<path class="marker" transform="translate(${n2(p.x)},${n2(y(v.mean))})" d="${marker}" fill="${color}" stroke="#fff" stroke-width="0.6"/></g>`,
    );
  }
  out.push('</g>');
  return out.join('\n');
}

/**
 * Figure 4B (App. G.2): the primary method's mean episode loss (upper panel, dashed line at
 * the budget α) and intervention rate (lower panel) for every recalibrated condition, on a
 * categorical axis grouped by family (families in order of first appearance, conditions in
 * result order), whiskers ±1 SE over the condition's assignments.
 */
export function figure4b(results: ConditionResult[], primary: MethodName, alpha: number): string {
  if (!(Number.isFinite(alpha) && alpha > 0 && alpha < 1)) throw new Error(`figure4b: expected a budget α in (0, 1), found ${alpha}`);
  if (results.length === 0) throw new Error('figure4b: expected at least one condition, found none');
  const families = byFamily(results);
  const slot = PLOT_WIDTH / (results.length + (families.length - 1) * FAMILY_GAP);
  const points: Point[] = [];
  const bands: Array<{ family: string; x0: number; x1: number }> = [];
  let i = 0;
  families.forEach((g, f) => {
    const start = LEFT + slot * (i + f * FAMILY_GAP);
    for (const r of g) {
      const s = primarySummary(r, primary);
      points.push({
        name: r.name,
        family: r.family,
        loss: s.loss,
        intervention: s.intervention,
        splits: s.splits,
        x: LEFT + slot * (i + 0.5 + f * FAMILY_GAP),
      });
      i++;
    }
    bands.push({ family: g[0]!.family, x0: start, x1: start + slot * g.length });
  });
  const color = methodColor(primary);
  const k = splitCounts(points.map((p) => p.splits));
  const lossMax = Math.max(2 * alpha, ...points.map((p) => p.loss.mean + p.loss.se));
  const yLoss = scaleLinear()
    .domain([0, lossMax])
    .nice(5)
    .range([TOP[0] + PANEL_HEIGHT, TOP[0]]);
  const yInt = scaleLinear()
    .domain([0, 1])
    .range([TOP[1] + PANEL_HEIGHT, TOP[1]]);

  const shade = (top: number) =>
    bands.map((b, f) =>
      f % 2 === 0
        ? `<rect class="family-band" x="${n2(b.x0)}" y="${top}" width="${n2(b.x1 - b.x0)}" height="${PANEL_HEIGHT}" fill="#f4f4f4"/>`
        : '',
    );
  const out = svgOpen(WIDTH, HEIGHT, 'Figure 4B: graph-braid perturbations, recalibrated in each condition');
  out.push(
    `<text class="subtitle" x="${n2(WIDTH / 2)}" y="48" text-anchor="middle" fill="#444">${escapeHtml(`${methodLabel(primary)} at budget α = ${fmtAlpha(alpha)}, ${k} assignments per condition`)}</text>`,
  );
  // bands first so the grid, points and the α line draw over them
  out.push(...shade(TOP[0]), ...shade(TOP[1]));
  out.push(
    ...bands.map(
      (b) =>
        `<text class="family-label" x="${n2((b.x0 + b.x1) / 2)}" y="${TOP[0] - 8}" text-anchor="middle" font-size="10" fill="#555">${escapeHtml(familyLabel(b.family))}</text>`,
    ),
  );
  const alphaLine = `<line class="alpha-line" x1="${LEFT}" y1="${n2(yLoss(alpha))}" x2="${LEFT + PLOT_WIDTH}" y2="${n2(yLoss(alpha))}" stroke="#555" stroke-width="1.2" stroke-dasharray="6,4"/>`;
  out.push(panel('panel-loss', 'A  Mean episode loss L̄', yLoss, points, (p) => p.loss, color, [alphaLine]));
  out.push(panel('panel-intervention', 'B  Intervention (share of episodes stopped)', yInt, points, (p) => p.intervention, color, []));

  const labelTop = TOP[1] + PANEL_HEIGHT + 14;
  out.push('<g class="condition-labels">');
  for (const p of points)
    out.push(
      `<text class="condition-label" transform="translate(${n2(p.x + 4)},${labelTop}) rotate(-40)" text-anchor="end" font-size="11">${escapeHtml(p.name)}</text>`,
    );
  out.push('</g>');

  const legendY = TOP[1] + PANEL_HEIGHT + LABEL_ROOM + 14;
  const marker = symbol(symbolCircle, 48).digits(2)() ?? '';
  out.push('<g class="legend">');
  out.push(
    `<g class="legend-item" transform="translate(${LEFT},${legendY})"><path d="M11,-8V8M7,-8H15M7,8H15" stroke="${color}" stroke-width="1.2" fill="none"/><path transform="translate(11,0)" d="${marker}" fill="${color}" stroke="#fff" stroke-width="0.6"/><text x="28" y="4">${escapeHtml(`${methodLabel(primary)}: mean over assignments, whiskers ±1 SE`)}</text></g>`,
  );
  out.push(
    `<g class="legend-item" transform="translate(${LEFT + 420},${legendY})"><line x1="0" y1="0" x2="22" y2="0" stroke="#555" stroke-width="1.2" stroke-dasharray="6,4"/><text x="28" y="4">${escapeHtml(`budget α = ${fmtAlpha(alpha)}`)}</text></g>`,
  );
  out.push('</g>');
  out.push(
    `<text class="caption" x="${n2(WIDTH / 2)}" y="${legendY + 30}" text-anchor="middle" font-size="11" fill="#444">Each condition calibrates its own threshold against the same ledger; these comparisons do not test a fixed threshold across conditions.</text>`,
  );
  out.push('</svg>');
  return out.join('\n') + '\n';
}
