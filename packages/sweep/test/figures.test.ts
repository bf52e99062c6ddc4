import { describe, expect, it } from 'vitest';
import type { MethodName } from '@carb/calibrate';
import { svgToPng } from '@carb/report';
import { figure4a } from '../src/figure4a.ts';
import { figure4b } from '../src/figure4b.ts';
import { sweepHtml } from '../src/sweepHtml.ts';
import type { ConditionResult, ConditionSummary, MeanSe, SweepSpec, Table10Row, Table9 } from '../src/types.ts';

const ms = (mean: number, se: number): MeanSe => ({ mean, se });

function summary(method: MethodName, over: Partial<ConditionSummary> = {}): ConditionSummary {
  return {
    method,
    splits: 20,
    loss: ms(0, 0),
    intervention: ms(0.4, 0.01),
    utility: ms(0.6, 0.01),
    harmStop: ms(1, 0),
    benignStop: ms(0, 0),
    ctxRed: ms(0.471, 0.001),
    pathRecall: null,
    falsePath: null,
    ...over,
  };
}

function result(name: string, family: string, summaries: ConditionSummary[]): ConditionResult {
  return {
    name,
    family,
    hash: `${'ab'.repeat(30)}${name.length}`,
    suite: 'graph-braid',
    cohort: null,
    seed: 1,
    params: {} as ConditionResult['params'],
    episodes: 1200,
    harmful: 480,
    summaries,
    rows: [],
  };
}

const num = (s: string) => Number(s);
const count = (s: string, needle: string) => s.split(needle).length - 1;
const between = (s: string, a: string, b: string) => s.slice(s.indexOf(a), s.indexOf(b, s.indexOf(a) + a.length));

/** The value axis as drawn: bottom (value 0) and top (axis maximum) pixel rows. */
function axis(svg: string): { bottom: number; top: number } {
  const m = /class="axis-line" x1="[^"]+" y1="([^"]+)" x2="[^"]+" y2="([^"]+)"/.exec(svg)!;
  return { bottom: num(m[1]!), top: num(m[2]!) };
}

/** The printed tick whose text is `label`, and its pixel row (text baseline sits 4 px below the tick). */
function tickY(svg: string, label: string): number {
  const m = new RegExp(`<text class="tick" x="[^"]+" y="([^"]+)" text-anchor="end">${label.replace('.', '\\.')}</text>`).exec(svg);
  if (!m) throw new Error(`no tick ${label}`);
  return num(m[1]!) - 4;
}

/** Whisker ends (pixel rows) of a `<path class="whisker" d="Mx,loVhi...">`. */
function whiskers(s: string): Array<{ x: number; lo: number; hi: number }> {
  return [...s.matchAll(/class="whisker" d="M([^,]+),([^V]+)V([^M]+)M/g)].map((m) => ({ x: num(m[1]!), lo: num(m[2]!), hi: num(m[3]!) }));
}

describe('figure4a', () => {
  const cells = ['prov+text+', 'prov+text-', 'prov-text+', 'prov-text-'];
  const recall = [ms(1, 0), ms(0.8, 0.05), ms(0.6, 0.1), ms(0, 0)];
  const falsePath = [ms(0, 0), ms(0.1, 0.02), ms(0, 0), ms(0, 0)];
  const table9: Table9 = Object.fromEntries(
    cells.map((c, i) => [c, { meanLoss: i === 3 ? 0.5 : 0, pathRecall: recall[i]!.mean, falsePath: falsePath[i]!.mean, ctxRed: 0.4 }]),
  );
  const results = cells.map((c, i) =>
    result(`cell ${i}`, c, [summary('no-guard'), summary('g-carb', { splits: 100, pathRecall: recall[i]!, falsePath: falsePath[i]! })]),
  );
  const svg = figure4a(table9, results, 'g-carb', { calibrateOn: 'prov+text-' });
  const { bottom, top } = axis(svg);

  it('draws a 0–1 axis: 0 at the bottom, 1 at the top', () => {
    expect(tickY(svg, '0')).toBe(bottom);
    expect(tickY(svg, '1.0')).toBe(top);
    expect(bottom - top).toBe(260);
  });

  it('has one recall bar and one false-path bar per evidence cell, heights from Table 9 on the 0–1 scale', () => {
    expect(count(svg, '<rect class="bar"')).toBe(8);
    cells.forEach((c, i) => {
      const g = between(svg, `data-cell="${c}"`, '</g>');
      const bars = [...g.matchAll(/<rect class="bar" data-metric="(\w+)" x="[^"]+" y="([^"]+)" width="[^"]+" height="([^"]+)"/g)];
      expect(bars.map((b) => b[1])).toEqual(['pathRecall', 'falsePath']);
      // recall 1 → top of the axis; .8 → 20 % of the 260 px axis below it; 0 → on the baseline
      const expectRecallY = bottom - recall[i]!.mean * (bottom - top);
      expect(num(bars[0]![2]!)).toBeCloseTo(expectRecallY, 2);
      expect(num(bars[0]![3]!)).toBeCloseTo(recall[i]!.mean * 260, 2);
      expect(num(bars[1]![2]!)).toBeCloseTo(bottom - falsePath[i]!.mean * 260, 2);
    });
    expect(between(svg, 'data-cell="prov+text+"', '</g>')).toContain(`y="${top.toFixed(2)}"`);
  });

  it('whiskers span mean ± SE of the primary summary', () => {
    cells.forEach((c, i) => {
      const w = whiskers(between(svg, `data-cell="${c}"`, '</g>'));
      expect(w).toHaveLength(2);
      // .8 ± .05 → 2 × .05 × 260 = 26 px; .6 ± .1 → 52 px; false path .1 ± .02 → 10.4 px
      expect(w[0]!.lo - w[0]!.hi).toBeCloseTo(2 * recall[i]!.se * 260, 2);
      expect(w[1]!.lo - w[1]!.hi).toBeCloseTo(2 * falsePath[i]!.se * 260, 2);
      expect((w[0]!.lo + w[0]!.hi) / 2).toBeCloseTo(bottom - recall[i]!.mean * 260, 2);
    });
    expect(
      whiskers(between(svg, 'data-cell="prov+text-"', '</g>'))[0]!.lo - whiskers(between(svg, 'data-cell="prov+text-"', '</g>'))[0]!.hi,
    ).toBeCloseTo(26, 2);
  });

  it('says where the threshold was calibrated, that it is reused, and the false-path rate', () => {
    expect(svg).toContain('Threshold calibrated in each assignment on prov+text- (Provenance +, text −) and reused in all four cells.');
    expect(count(svg, 'class="calibration-cell"')).toBe(1);
    expect(between(svg, 'data-cell="prov+text-"', '</g>')).toContain('class="calibration-cell"');
    expect(svg).toContain('Largest benign false-path rate: .100');
    expect(svg).toContain('100 grouped assignments');
    const zero = figure4a({ ...table9, 'prov+text-': { ...table9['prov+text-']!, falsePath: 0 } }, results, 'g-carb');
    expect(zero).toContain('The benign false-path rate is zero in every cell.');
  });

  it('fails in one line when a cell has no condition', () => {
    expect(() => figure4a(table9, results.slice(1), 'g-carb')).toThrow(
      /^figure4a: expected one condition of family "prov\+text\+", found 0$/,
    );
  });
});

describe('figure4b', () => {
  const families: Array<[string, number]> = [
    ['baseline', 1],
    ['prevalence', 4],
    ['benign-density', 3],
    ['score-noise', 3],
    ['edge-dropout', 3],
    ['combined', 2],
  ];
  const names = families.flatMap(([f, n]) =>
    Array.from({ length: n }, (_, j) => (f === 'combined' && j === 1 ? 'combined <severe>' : `${f}-${j}`)),
  );
  const fam = families.flatMap(([f, n]) => Array<string>(n).fill(f));
  const loss = names.map((_, k) => ms(k * 0.005, 0.01));
  const intervention = names.map((_, k) => (k === 13 ? ms(1, 0) : ms(0.39 + k * 0.03, 0.02)));
  const results = names.map((n, k) => result(n, fam[k]!, [summary('g-carb', { loss: loss[k]!, intervention: intervention[k]! })]));
  const svg = figure4b(results, 'g-carb', 0.1);
  const lossPanel = between(svg, 'id="panel-loss"', 'id="panel-intervention"');
  const intPanel = between(svg, 'id="panel-intervention"', 'class="condition-labels"');

  /** Marker positions and whiskers of each plotted condition, in drawing order. */
  const points = (panel: string) =>
    [...panel.matchAll(/<g class="point" data-condition="([^"]+)">(.*?)<\/g>/g)].map((m) => {
      const t = /translate\(([^,]+),([^)]+)\)/.exec(m[2]!)!;
      return { name: m[1]!, x: num(t[1]!), y: num(t[2]!), whisker: whiskers(m[2]!)[0]! };
    });

  it('has one point per condition in each panel, in result order, grouped by family', () => {
    for (const p of [lossPanel, intPanel]) {
      const pts = points(p);
      expect(pts.map((q) => q.name)).toEqual(names.map((n) => n.replace('<', '&lt;').replace('>', '&gt;')));
      const dx = pts.slice(1).map((q, i) => q.x - pts[i]!.x);
      const within = Math.min(...dx);
      // a family boundary leaves a wider gap than two neighbours of one family
      const boundaries = dx.map((d, i) => (d > within + 1 ? i + 1 : -1)).filter((i) => i >= 0);
      expect(boundaries).toEqual([1, 5, 8, 11, 14]);
    }
    expect(svg).toContain('data-condition="combined &lt;severe&gt;"');
    expect(svg).not.toContain('combined <severe>');
  });

  it('places loss means on a 0–.20 axis (2α, nice) and the dashed α line halfway up', () => {
    const { bottom, top } = axis(lossPanel);
    expect(tickY(lossPanel, '.20')).toBe(top);
    expect(tickY(lossPanel, '0')).toBe(bottom);
    const h = bottom - top;
    const line = /class="alpha-line" x1="[^"]+" y1="([^"]+)" x2="[^"]+" y2="([^"]+)"[^>]*stroke-dasharray="6,4"/.exec(lossPanel)!;
    expect(num(line[1]!)).toBeCloseTo(bottom - h / 2, 2);
    expect(num(line[2]!)).toBe(num(line[1]!));
    points(lossPanel).forEach((p, k) => {
      expect(p.y).toBeCloseTo(bottom - (loss[k]!.mean / 0.2) * h, 2);
      // whisker ends at mean ± SE, clamped at 0 for the first condition
      expect(p.whisker.hi).toBeCloseTo(bottom - ((loss[k]!.mean + 0.01) / 0.2) * h, 2);
      expect(p.whisker.lo).toBeCloseTo(Math.min(bottom, bottom - ((loss[k]!.mean - 0.01) / 0.2) * h), 2);
    });
  });

  it('places interventions on a 0–1 axis with ±SE whiskers; the all-stopped condition at the top', () => {
    const { bottom, top } = axis(intPanel);
    expect(tickY(intPanel, '1.0')).toBe(top);
    const h = bottom - top;
    points(intPanel).forEach((p, k) => {
      expect(p.y).toBeCloseTo(bottom - intervention[k]!.mean * h, 2);
      expect(p.whisker.lo - p.whisker.hi).toBeCloseTo(2 * intervention[k]!.se * h, 2);
    });
    expect(points(intPanel)[13]!.y).toBe(top);
    expect(count(intPanel, 'class="alpha-line"')).toBe(0);
  });

  it('labels families and the budget in the legend', () => {
    for (const l of ['Baseline', 'Harm prevalence', 'Benign density', 'Score noise', 'Edge dropout', 'Combined stress'])
      expect(svg).toContain(`>${l}</text>`);
    expect(svg).toContain('budget α = .100');
    expect(svg).toContain('20 assignments per condition');
  });

  it('groups a family whose conditions are not adjacent', () => {
    const r = [result('a1', 'a', [summary('g-carb')]), result('b1', 'b', [summary('g-carb')]), result('a2', 'a', [summary('g-carb')])];
    const pts = points(between(figure4b(r, 'g-carb', 0.1), 'id="panel-loss"', 'id="panel-intervention"'));
    expect(pts.map((p) => p.name)).toEqual(['a1', 'a2', 'b1']);
  });
});

describe('sweepHtml', () => {
  const spec = (mode: SweepSpec['mode'], name: string): SweepSpec => ({
    name,
    description: 'Reproduces <Table> & "figure"',
    mode,
    alpha: '.10',
    methods: ['no-guard', 'g-carb'],
    primary: 'g-carb',
    ...(mode === 'fixed-threshold' ? { calibrateOn: 'prov+text-', ledgerTwin: { sinkText: 'exact' } } : {}),
    conditions: [],
  });
  const results = [
    result('a<b & "c"', 'baseline', [
      summary('no-guard', { loss: ms(0.5, 0.012) }),
      summary('g-carb', { loss: ms(0.123, 0.004), intervention: ms(0.39, 0.0104) }),
    ]),
  ];
  const cellsOf = (html: string, header: string) => between(html, header, '</table>');

  it('puts the paper beside Table 9 and marks the cells that differ at printed precision', () => {
    const t9: Table9 = {
      'prov+text+': { meanLoss: 0, pathRecall: 0.9996, falsePath: 0, ctxRed: 0.346 }, // 1.000 at printed precision
      'prov+text-': { meanLoss: 0, pathRecall: 0.9994, falsePath: 0, ctxRed: 0.3464 }, // .999 deviates; .346 does not
      'prov-text+': { meanLoss: 0, pathRecall: 1, falsePath: 0, ctxRed: 0.833 },
      'prov-text-': { meanLoss: 0.5, pathRecall: 0, falsePath: 0, ctxRed: 0.7 }, // .700 against .846
    };
    const html = sweepHtml({
      spec: spec('fixed-threshold', 'ces-evidence-audit'),
      carbVersion: '0.1.0',
      pipelineHash: 'f00d',
      results,
      table9: t9,
      figures: [{ name: 'figure4a', svg: '<svg xmlns="http://www.w3.org/2000/svg"><text>x</text></svg>' }],
    });
    const t = cellsOf(html, 'Table 9');
    const rows = t.split('<tr>').slice(3);
    expect(rows[0]).toContain('<td class="num">1.000</td><td class="num">1.000</td>');
    expect(rows[1]).toMatch(/<td class="num deviates" [^>]*title="paper: 1.000">.999 \*<\/td><td class="num">1.000<\/td>/);
    expect(rows[1]).toContain('<td class="num">.346</td><td class="num">.346</td>');
    expect(rows[3]).toMatch(/<td class="num deviates" [^>]*title="paper: .846">.700 \*<\/td><td class="num">.846<\/td>/);
    expect(rows[3]).toContain('<td class="num">.500</td><td class="num">.500</td>');
    expect(count(t, 'class="num deviates"')).toBe(2);
    expect(html).toContain('2 of 16 cells deviate.');
    expect(html).toContain('<a href="table9.json">');
    expect(html).toContain('<a href="conditions.csv">');
    expect(html).toContain('<a href="figure4a.png">');
    expect(html).toContain('{&quot;sinkText&quot;:&quot;exact&quot;}');
  });

  it('marks Table 10 extrema more than .02 away from the printed ones', () => {
    const row = (family: string, over: Partial<Table10Row>): Table10Row => ({
      family,
      conditions: 1,
      maxMeanLoss: 0,
      minHarmStop: 1,
      maxBenignStop: 0,
      ctxRedMin: 0.471,
      ctxRedMax: 0.471,
      ...over,
    });
    const t10 = [
      row('baseline', {}),
      row('prevalence', { conditions: 4, maxMeanLoss: 0.073, minHarmStop: 0.4, ctxRedMax: 0.472 }), // .054 + .019: within
      row('score-noise', { conditions: 3, maxMeanLoss: 0.075, minHarmStop: 0.765, maxBenignStop: 0.03, ctxRedMin: 0.469, ctxRedMax: 0.5 }), // .097 − .022, .472 + .028
    ];
    const html = sweepHtml({
      spec: spec('recalibrate', 'graph-braid-table10'),
      carbVersion: '0.1.0',
      pipelineHash: 'f00d',
      results,
      table10: t10,
      figures: [{ name: 'figure4b', svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' }],
    });
    const t = cellsOf(html, 'Table 10');
    const rows = t.split('<tr>').slice(3);
    expect(rows[0]).toContain('Baseline (baseline)');
    expect(count(rows[0]!, 'deviates')).toBe(0);
    expect(rows[1]).toContain('<td class="num">.073</td><td class="num">.054</td>');
    expect(rows[1]).toContain('<td class="num">.471–.472</td><td class="num">.471–.472</td>');
    expect(rows[2]).toMatch(/deviates[^>]*>\.075 \*<\/td><td class="num">\.097<\/td>/);
    expect(rows[2]).toMatch(/deviates[^>]*>\.469–\.500 \*<\/td><td class="num">\.469–\.472<\/td>/);
    // families the paper has and we did not run: every cell of theirs marked
    const missing = rows.slice(3);
    expect(missing.map((r) => /<th scope="row">([^<]+)</.exec(r)![1])).toEqual([
      'Benign density (benign-density)',
      'Edge dropout (edge-dropout)',
      'Combined stress (combined)',
    ]);
    for (const r of missing) expect(count(r, 'deviates')).toBe(5);
    expect(html).toContain('17 of 30 cells deviate.');
    expect(html).toContain('<a href="table10.json">');
    expect(html).not.toContain('table9.json');
  });

  it('lists every condition and method as mean ± SE, escapes all text and loads nothing from outside', () => {
    const html = sweepHtml({
      spec: spec('recalibrate', 'x'),
      carbVersion: '0.1.0',
      pipelineHash: 'f00d',
      results,
      table10: [],
      figures: [],
    });
    const t = cellsOf(html, '<h2>Conditions</h2>');
    const rows = t.split('<tr>').slice(2);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('G-CARB');
    expect(rows[0]).toContain('<td class="num">.123 ± .004</td><td class="num">.390 ± .010</td>');
    expect(rows[1]).toContain('No guard');
    expect(rows[1]).toContain('<td class="num">.500 ± .012</td>');
    expect(t).not.toContain('Path recall'); // measured by no condition
    expect(html).toContain('a&lt;b &amp; &quot;c&quot;');
    expect(html).not.toContain('a<b');
    expect(html).toContain('Reproduces &lt;Table&gt; &amp; &quot;figure&quot;');
    expect(html).not.toMatch(/<link|<script|src=|href="(https?:)?\/\//);
  });
});

describe('PNG of the figures', () => {
  const size = (svg: string) => [/width="(\d+)"/.exec(svg)![1], /height="(\d+)"/.exec(svg)![1]].map(Number) as [number, number];
  const ihdr = (png: Uint8Array) => {
    const v = new DataView(png.buffer, png.byteOffset);
    return { type: String.fromCharCode(...png.slice(12, 16)), width: v.getUint32(16), height: v.getUint32(20) };
  };

  it('renders Figure 4A and 4B at twice the SVG size', () => {
    const cells = ['prov+text+', 'prov+text-', 'prov-text+', 'prov-text-'];
    const t9: Table9 = Object.fromEntries(cells.map((c) => [c, { meanLoss: 0, pathRecall: 1, falsePath: 0, ctxRed: 0.4 }]));
    const a = figure4a(
      t9,
      cells.map((c) => result(c, c, [summary('g-carb', { pathRecall: ms(1, 0), falsePath: ms(0, 0) })])),
      'g-carb',
    );
    const b = figure4b([result('baseline', 'baseline', [summary('g-carb')])], 'g-carb', 0.1);
    for (const [svg, width] of [
      [a, 720],
      [b, 960],
    ] as const) {
      const [w, h] = size(svg);
      expect(w).toBe(width);
      const png = svgToPng(svg);
      expect(Array.from(png.slice(0, 8))).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect(ihdr(png)).toEqual({ type: 'IHDR', width: 2 * w, height: 2 * h });
    }
  }, 60_000);
});
