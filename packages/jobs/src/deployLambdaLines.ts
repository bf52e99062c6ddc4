import type { DeployRow } from '@carb/calibrate';
import { compareMethods, fmtAlpha, fmtThreshold, methodLabel } from '@carb/report';

/**
 * The thresholds to ship, as `carb calibrate` prints them after the split table: one block per
 * stratum × guarantee (deploy.json's rows), a line per method with λ̂ at each budget, so the
 * number to deploy is on stdout and not only the split medians.
 */
export function deployLambdaLines(deploy: readonly DeployRow[]): string[] {
  const blocks = new Map<string, DeployRow[]>();
  for (const d of deploy) {
    const head = `deploy λ̂ (deploy.json; stratum ${d.stratum}, ${d.guarantee === 'expectation' ? 'CRC in expectation' : `high-probability δ ${String(d.delta)}`}, n = ${d.n})`;
    const rows = blocks.get(head) ?? [];
    rows.push(d);
    blocks.set(head, rows);
  }
  const out: string[] = [];
  for (const [head, rows] of blocks) {
    const alphas = [...new Set(rows.map((r) => r.alpha))].sort((a, b) => a - b);
    const methods = [...new Set(rows.map((r) => r.method))].sort(compareMethods);
    const width = Math.max(...methods.map((m) => methodLabel(m).length));
    out.push(head, `${''.padEnd(width)}  ${alphas.map((a) => `α ${fmtAlpha(a)}`.padStart(10)).join('')}`);
    for (const m of methods) {
      const cells = alphas.map((a) => {
        const r = rows.find((x) => x.method === m && x.alpha === a);
        return (r === undefined ? '–' : r.lambda === null ? 'infeasible' : fmtThreshold(r.lambda)).padStart(10);
      });
      out.push(`${methodLabel(m).padEnd(width)}  ${cells.join('')}`);
    }
  }
  return out;
}
