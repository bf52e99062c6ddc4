import type { MethodName } from '@carb/calibrate';
import { escapeHtml } from '@carb/io';
import { fmtDecimal, methodLabel } from '@carb/report';
import { scaleLinear } from 'd3-scale';
import { primarySummary } from './primarySummary.ts';
import { PAPER_TABLE9, TABLE9_CELLS } from './paperTables.ts';
import { methodColor, n2, splitCounts, svgOpen, whisker, yAxis } from './svgUtil.ts';
import type { ConditionResult, MeanSe, Table9 } from './types.ts';

const WIDTH = 720;
const PANEL = { top: 78, height: 260, left: 80, width: 600 };
const BAR = { width: 40, gap: 10 };
const HEIGHT = PANEL.top + PANEL.height + 150;
// false path is a reference level, not a method: the report's neutral grey
const FALSE_PATH_COLOR = '#999999';

/** Options of {@link figure4a}. */
export interface Figure4aOptions {
  /** The cell whose calibration fold picks λ̂ (the spec's `calibrateOn`; G.1: "prov+text-"). */
  calibrateOn?: string;
}

/**
 * Figure 4A (App. G.1): harmful-path recall of the primary method in each evidence cell of
 * the fixed-threshold audit, as bars on a 0–1 axis with ±1 SE whiskers over the grouped
 * assignments, the benign false-path rate beside each, and a caption naming the cell the
 * threshold was calibrated on. Bar heights are Table 9's cells; the SEs come from the
 * primary method's summary of the condition whose family is the cell key.
 */
export function figure4a(table9: Table9, results: ConditionResult[], primary: MethodName, opts: Figure4aOptions = {}): string {
  const calibrateOn = opts.calibrateOn ?? 'prov+text-';
  const cells = TABLE9_CELLS.map((cell) => {
    const t = table9[cell];
    if (!t) throw new Error(`figure4a: Table 9 has no cell "${cell}" (expected ${TABLE9_CELLS.join(', ')})`);
    const matches = results.filter((r) => r.family === cell);
    if (matches.length !== 1) throw new Error(`figure4a: expected one condition of family "${cell}", found ${matches.length}`);
    const s = primarySummary(matches[0]!, primary);
    const se = (m: MeanSe | null, metric: string) => {
      if (!m) throw new Error(`figure4a: condition "${matches[0]!.name}" has no ${metric} for ${primary}`);
      return m.se;
    };
    return {
      cell,
      splits: s.splits,
      recall: { mean: t.pathRecall, se: se(s.pathRecall, 'pathRecall') },
      falsePath: { mean: t.falsePath, se: se(s.falsePath, 'falsePath') },
    };
  });

  const bottom = PANEL.top + PANEL.height;
  const y = scaleLinear().domain([0, 1]).range([bottom, PANEL.top]);
  const yc = y.copy().clamp(true);
  const group = PANEL.width / cells.length;
  const color = methodColor(primary);
  const k = splitCounts(cells.map((c) => c.splits));

  const out = svgOpen(WIDTH, HEIGHT, 'Figure 4A: harmful-path recall under evidence removal');
  out.push(
    `<text class="subtitle" x="${n2(WIDTH / 2)}" y="48" text-anchor="middle" font-size="12" fill="#444">${escapeHtml(`${methodLabel(primary)}, one fixed threshold, ${k} grouped assignments`)}</text>`,
  );
  out.push(`<g class="panel" id="panel-recall">`);
  out.push(yAxis(y, PANEL.left, PANEL.left + PANEL.width, 'rate over test episodes'));
  cells.forEach((c, i) => {
    const mid = PANEL.left + group * (i + 0.5);
    out.push(`<g class="cell" data-cell="${escapeHtml(c.cell)}">`);
    const bars = [
      { metric: 'pathRecall', v: c.recall, fill: color, x: mid - BAR.gap / 2 - BAR.width },
      { metric: 'falsePath', v: c.falsePath, fill: FALSE_PATH_COLOR, x: mid + BAR.gap / 2 },
    ];
    for (const b of bars) {
      const top = y(b.v.mean);
      const cx = b.x + BAR.width / 2;
      const hi = yc(b.v.mean + b.v.se);
      out.push(
        `<rect class="bar" data-metric="${b.metric}" x="${n2(b.x)}" y="${n2(top)}" width="${BAR.width}" height="${n2(bottom - top)}" fill="${b.fill}"/>`,
      );
      // a zero bar has no area: a stroke on the axis keeps it visible
      if (b.v.mean === 0)
        out.push(
          `<line class="zero-bar" data-metric="${b.metric}" x1="${n2(b.x)}" y1="${n2(bottom - 1)}" x2="${n2(b.x + BAR.width)}" y2="${n2(bottom - 1)}" stroke="${b.fill}" stroke-width="2"/>`,
        );
      out.push(whisker(cx, yc(b.v.mean - b.v.se), hi, '#333'));
      out.push(
        `<text class="value" x="${n2(cx)}" y="${n2(Math.min(top, hi) - 6)}" text-anchor="middle" font-size="11">${fmtDecimal(b.v.mean, 3)}</text>`,
      );
    }
    const label = PAPER_TABLE9[c.cell]!.label.split(', ');
    out.push(
      `<text class="cell-label" x="${n2(mid)}" y="${n2(bottom + 20)}" text-anchor="middle" font-weight="bold">${escapeHtml(c.cell)}</text>`,
    );
    out.push(
      `<text x="${n2(mid)}" y="${n2(bottom + 36)}" text-anchor="middle" font-size="11" fill="#444">${escapeHtml(label.join(', '))}</text>`,
    );
    if (c.cell === calibrateOn)
      out.push(
        `<text class="calibration-cell" x="${n2(mid)}" y="${n2(bottom + 51)}" text-anchor="middle" font-size="11" fill="#444">(threshold calibrated here)</text>`,
      );
    out.push('</g>');
  });
  out.push('</g>');

  const legendY = bottom + 82;
  out.push('<g class="legend">');
  out.push(
    `<g class="legend-item" transform="translate(40,${legendY})"><rect x="0" y="-7" width="18" height="12" fill="${color}"/><text x="24" y="4">${escapeHtml(`harmful-path recall (${methodLabel(primary)})`)}</text></g>`,
  );
  out.push(
    `<g class="legend-item" transform="translate(290,${legendY})"><rect x="0" y="-7" width="18" height="12" fill="${FALSE_PATH_COLOR}"/><text x="24" y="4">benign false-path rate</text></g>`,
  );
  out.push(
    `<g class="legend-item" transform="translate(500,${legendY})"><path d="M9,-8V8M5,-8H13M5,8H13" stroke="#333" stroke-width="1.2" fill="none"/><text x="24" y="4">±1 SE over assignments</text></g>`,
  );
  out.push('</g>');

  const maxFalse = Math.max(...cells.map((c) => c.falsePath.mean));
  const captions = [
    `Threshold calibrated in each assignment on ${calibrateOn} (${Object.hasOwn(PAPER_TABLE9, calibrateOn) ? PAPER_TABLE9[calibrateOn]!.label : 'the calibration cell'}) and reused in all four cells.`,
    maxFalse === 0
      ? 'The benign false-path rate is zero in every cell. Table 9 gives the ledger losses.'
      : `Largest benign false-path rate: ${fmtDecimal(maxFalse, 3)}. Table 9 gives the ledger losses.`,
  ];
  captions.forEach((c, i) =>
    out.push(
      `<text class="caption" x="${n2(WIDTH / 2)}" y="${n2(legendY + 32 + 16 * i)}" text-anchor="middle" font-size="11" fill="#444">${escapeHtml(c)}</text>`,
    ),
  );
  out.push('</svg>');
  return out.join('\n') + '\n';
}
