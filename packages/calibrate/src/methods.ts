import type { MethodName } from './types.ts';

/** Table 3 order (plus no guard first); results and summaries follow it. */
export const METHOD_ORDER: readonly MethodName[] = [
  'no-guard',
  'executed-step-crc',
  'ledger-current',
  'full-prefix',
  'fixed-window-4',
  'equal-size-random',
  'g-carb',
];

/** What each method calibrates: nothing (no guard), the step-rate envelope r̃, or the stopped-prefix ledger. */
export function calibrationTarget(method: MethodName): 'none' | 'envelope' | 'ledger' {
  if (method === 'no-guard') return 'none';
  return method === 'executed-step-crc' ? 'envelope' : 'ledger';
}

/** Replay selector whose outcome table each method reads (packages/replay). */
export const METHOD_SELECTOR: Readonly<Record<MethodName, 'current' | 'full' | 'window' | 'random' | 'graph'>> = {
  'no-guard': 'full',
  'executed-step-crc': 'current',
  'ledger-current': 'current',
  'full-prefix': 'full',
  'fixed-window-4': 'window',
  'equal-size-random': 'random',
  'g-carb': 'graph',
};

export function isMethodName(s: string): s is MethodName {
  return (METHOD_ORDER as readonly string[]).includes(s);
}
