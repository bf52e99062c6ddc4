import { METHOD_ORDER } from '@carb/calibrate';

/** Table 3 order (@carb/calibrate's), used for rows, legends and colours. */
export { METHOD_ORDER };

const LABELS: Record<string, string> = {
  'no-guard': 'No guard',
  'executed-step-crc': 'Executed-step CRC',
  'ledger-current': 'Ledger-current',
  'full-prefix': 'Full-prefix',
  'fixed-window-4': 'Fixed-window-4',
  'equal-size-random': 'Equal-size random',
  'g-carb': 'G-CARB',
};

/** The paper's name for a method id; unknown ids print as given. */
export function methodLabel(method: string): string {
  return LABELS[method] ?? method;
}

function rank(method: string): number {
  const i = (METHOD_ORDER as readonly string[]).indexOf(method);
  return i < 0 ? METHOD_ORDER.length : i;
}

/** Sort key: Table 3 order first, then unknown methods by name. */
export function compareMethods(a: string, b: string): number {
  return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
}
