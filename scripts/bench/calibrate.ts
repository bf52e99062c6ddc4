import { performance } from 'node:perf_hooks';
import {
  DEFAULT_ALPHAS,
  DEFAULT_BUDGETS,
  calibrationSums,
  crcBudget,
  crcThreshold,
  denseCrcThreshold,
  denseUnits,
  histogramScratch,
  ledgerStepLosses,
  makeSplits,
  parseBudget,
  runProtocol,
  type MethodName,
} from '@carb/calibrate';
import type { BreakpointTable } from '@carb/replay';
import { syntheticTable } from '../../packages/calibrate/test/helpers/tableBuilder.ts';
import { best } from './lib/timing.ts';

const N = 2587;
const MAX_T = 20;
const SPLITS = 200;

/**
 * CRC histogram vs dense per-split recomputation, and the whole protocol (7 methods ×
 * 4 α × 200 splits) on synthetic tables the size of the shared corpus. `tables` lets the
 * lead point it at real replayed tables.
 */
export function bench(tables?: Partial<Record<MethodName, BreakpointTable>>): string[] {
  const t0 = performance.now();
  const source =
    tables ??
    (() => {
      const full = syntheticTable('full', N, MAX_T, 1, 0);
      const current = syntheticTable('current', N, MAX_T, 1, 1);
      return {
        'no-guard': full,
        'executed-step-crc': current,
        'ledger-current': current,
        'full-prefix': full,
        'fixed-window-4': syntheticTable('window', N, MAX_T, 1, 2),
        'equal-size-random': syntheticTable('random', N, MAX_T, 1, 3),
        'g-carb': syntheticTable('graph', N, MAX_T, 1, 4),
      } satisfies Record<MethodName, BreakpointTable>;
    })();
  const built = performance.now() - t0;
  const ref = (source['g-carb'] ?? Object.values(source)[0])!;
  const n = ref.n;
  const splits = makeSplits(ref.ids, ref.groups, {
    count: SPLITS,
    baseSeed: 0,
    nCal: Math.floor(n / 2),
    nTest: Math.floor(n / 2),
    rng: 'python',
    unit: 'episode',
  });

  // λ̂ on every split, one budget: histogram + prefix sum vs a dense n × G pass
  const losses = ledgerStepLosses(ref, 'union');
  const units = denseUnits(losses);
  const alpha = parseBudget('.05');
  const scratch = histogramScratch(losses, splits[0]!.cal.length);
  const budget = crcBudget(alpha, splits[0]!.cal.length, losses.denominator);
  const fast: number[] = [];
  const dense: number[] = [];
  const tFast = best(5, () => {
    fast.length = 0;
    for (const s of splits) fast.push(crcThreshold(calibrationSums(losses, s.cal, scratch), budget));
  });
  const tDense = best(5, () => {
    dense.length = 0;
    for (const s of splits) dense.push(denseCrcThreshold(units, ref.G, s.cal, losses.denominator, alpha));
  });
  const agree = fast.every((g, i) => g === dense[i]);

  let summaryRows = 0;
  const tProtocol = best(3, () => {
    const r = runProtocol({ tables: source, alphas: DEFAULT_BUDGETS, splits: SPLITS, nCal: Math.floor(n / 2), nTest: Math.floor(n / 2) });
    summaryRows = r.summary.length;
  });
  const methods = Object.keys(source).length;
  return [
    `calibrate: ${tables ? 'given' : 'synthetic'} tables, n = ${n}, G = ${ref.G}, ${methods} methods${tables ? '' : `, T ≤ ${MAX_T} (built in ${built.toFixed(0)} ms)`}`,
    `calibrate: CRC λ̂ over ${SPLITS} splits (n_cal = ${splits[0]!.cal.length}, α = .05): histogram ${tFast.toFixed(2)} ms, dense ${tDense.toFixed(2)} ms, ratio ${(tDense / tFast).toFixed(1)}× (target ≥ 10×), identical λ̂: ${agree}`,
    `calibrate: protocol ${methods} methods × ${DEFAULT_ALPHAS.length} α × ${SPLITS} splits (splits drawn, losses validated, ${summaryRows} summary rows): ${tProtocol.toFixed(0)} ms (best of 3)`,
  ];
}

if (import.meta.url === `file://${String(process.argv[1])}`) {
  for (const line of bench()) console.log(line);
}
