import { POOLED_STRATUM, type DeployRow } from '@carb/calibrate';
import { fmtAlpha, fmtCount } from './format.ts';

/** What a calibration saw, for telling a degenerate deployment apart (per stratum: the pooled run first). */
export interface DeploymentFacts {
  strata: ReadonlyArray<{
    stratum: string;
    /** Eligible calibration episodes (deploy fit). */
    episodes: number;
    /** Calibration fold size of the split evaluation. */
    nCal: number;
    /** Episodes on which the (union) ledger fires at some step, ungated. */
    ledgerFired: number;
    /** Episodes whose log records a completed task. */
    tasksCompleted: number;
  }>;
  /** Proposals in the corpus and those to tools the pipeline's tool typing does not list; null when not counted (merged shards). */
  calls: { total: number; untyped: number } | null;
  deploy: readonly DeployRow[];
}

/** The smallest n with 1/(n + 1) ≤ α: below it CRC certifies no threshold (even λ⊥'s empty prefix costs the B/(n+1) term). */
function episodesNeeded(alpha: number): number {
  let n = Math.max(0, Math.ceil(1 / alpha) - 2);
  while (alpha * (n + 1) < 1) n++;
  return n;
}

/**
 * Why a calibration's deploy rows certify nothing useful, one sentence each (empty for a
 * sound run): the ledger never fired (every λ meets α: λ̂ is the top of the grid, a gate that
 * never stops), most proposals call untyped tools, a budget α below 1/(n + 1) (no threshold
 * can be certified; the n it needs is said), no task outcomes (U is n/a). `carb calibrate`
 * prints them on stderr and the report's Deploy section shows them.
 */
export function degenerateDeployment(facts: DeploymentFacts): string[] {
  const out: string[] = [];
  const where = (stratum: string) => (stratum === POOLED_STRATUM ? '' : `stratum ${stratum}: `);
  for (const s of facts.strata) {
    if (s.episodes > 0 && s.ledgerFired === 0) {
      out.push(
        `${where(s.stratum)}the ledger fired on 0 of ${fmtCount(s.episodes)} calibration episodes: every threshold meets every α, so λ̂ is the top of the grid (λ = 1), a gate that never stops; nothing is certified (check the ledger: --ledger-events, the tool typing)`,
      );
    }
  }
  const calls = facts.calls;
  if (calls && calls.total > 0 && 2 * calls.untyped > calls.total) {
    out.push(
      `most calls are to untyped tools: ${fmtCount(calls.untyped)} of ${fmtCount(calls.total)} proposals (${Math.round((100 * calls.untyped) / calls.total)}%) call a tool the pipeline's tool typing does not list, so the graph, scorer and ledger cannot tell sources from sinks; type them (carb tools init, carb tools check)`,
    );
  }
  const seen = new Set<string>();
  for (const d of facts.deploy) {
    const key = `${d.stratum}\u0000${d.alpha}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const needed = episodesNeeded(d.alpha);
    const nCal = facts.strata.find((s) => s.stratum === d.stratum)?.nCal ?? null;
    if (d.n < needed) {
      out.push(
        `${where(d.stratum)}α = ${fmtAlpha(d.alpha)} < 1/(n + 1) with n = ${fmtCount(d.n)} calibration episodes: no threshold can be certified (λ̂ infeasible, the gate stops every proposal); α = ${fmtAlpha(d.alpha)} needs n ≥ ${fmtCount(needed)}`,
      );
    } else if (nCal !== null && nCal < needed) {
      out.push(
        `${where(d.stratum)}α = ${fmtAlpha(d.alpha)} < 1/(n + 1) with the splits' n = ${fmtCount(nCal)} calibration episodes: every split is infeasible, so the held-out columns at α = ${fmtAlpha(d.alpha)} are those of stopping everything; it needs n ≥ ${fmtCount(needed)} per split`,
      );
    }
  }
  const pooled = facts.strata.find((s) => s.stratum === POOLED_STRATUM);
  if (pooled && pooled.episodes > 0 && pooled.tasksCompleted === 0) {
    out.push(
      `task outcomes absent: no calibration episode records a completed task, so U (autonomous success) is n/a: the U columns read .000 for want of outcomes, not because the gate blocks tasks`,
    );
  }
  return out;
}
