import { join } from 'node:path';
import { parseBudget } from '@carb/calibrate';
import { rationalValue } from '@carb/pipeline';
import { svgToPng } from '@carb/report';
import { conditionsCsv } from './conditionsCsv.ts';
import { figure4a } from './figure4a.ts';
import { figure4b } from './figure4b.ts';
import { jsonText, writeUnlessSame } from './store.ts';
import { sweepHtml } from './sweepHtml.ts';
import type { SweepRecord } from './sweepRecord.ts';
import { table10 } from './table10.ts';
import { table9 } from './table9.ts';
import type { ConditionResult } from './types.ts';

/**
 * Writes a finished sweep's aggregates into `dir`, each file atomically (left alone when it
 * already holds the same bytes), index.html last:
 * table9.json (fixed-threshold) or table10.json (recalibrate), conditions.csv, Figure 4A or 4B
 * (SVG and PNG) and index.html. `results` are every condition's, in spec order. Returns the
 * file names written.
 */
export function writeAggregates(dir: string, record: SweepRecord, results: ConditionResult[]): string[] {
  const { spec } = record;
  const files = new Map<string, string | Uint8Array>();
  let figure: { name: string; svg: string };
  const tables: { table9?: ReturnType<typeof table9>; table10?: ReturnType<typeof table10> } = {};
  if (spec.mode === 'fixed-threshold') {
    const t = table9(results, spec.primary);
    tables.table9 = t;
    files.set('table9.json', jsonText(t));
    figure = { name: 'figure4a', svg: figure4a(t, results, spec.primary, spec.calibrateOn ? { calibrateOn: spec.calibrateOn } : {}) };
  } else {
    const t = table10(results, spec.primary);
    tables.table10 = t;
    files.set('table10.json', jsonText(t));
    figure = { name: 'figure4b', svg: figure4b(results, spec.primary, rationalValue(parseBudget(spec.alpha))) };
  }
  files.set('conditions.csv', conditionsCsv(results));
  files.set(`${figure.name}.svg`, figure.svg);
  files.set(`${figure.name}.png`, svgToPng(figure.svg));
  files.set(
    'index.html',
    sweepHtml({ spec, carbVersion: record.carbVersion, pipelineHash: record.pipelineHash, results, ...tables, figures: [figure] }),
  );
  for (const [name, data] of files) writeUnlessSame(join(dir, name), data);
  return [...files.keys()];
}
