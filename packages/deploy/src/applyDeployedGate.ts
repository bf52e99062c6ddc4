import type { Episode } from '@carb/episodes';
import { ledgerTrace, type FirstSteps } from '@carb/ledger';
import { formatScore, scoreValue, type Pipeline, type SelectorKind } from '@carb/pipeline';
import { mergeLedgerRow, replayFused } from '@carb/replay';
import { appliedEpisode, type AppliedEpisode } from './appliedEpisode.ts';
import { applySummary, type ApplySummary } from './applySummary.ts';
import { countTools } from './countTools.ts';
import type { Fingerprint } from './fingerprint.ts';
import { shiftCheck, type ShiftCheck } from './shiftCheck.ts';

/** An episode's external ledger columns (from `--ledger-events`), merged as calibrate merges them. */
export interface AppliedLedgerRow {
  steps: FirstSteps;
  /** Union with the built-in ledger (true) or replace it. */
  keep: boolean;
}

/** What `carb apply` runs: the deployed row's gate over new episodes, compared with the calibration's fingerprint. */
export interface ApplyInput {
  episodes: readonly Episode[];
  /** Per episode its external ledger row, or null (built-in ledger only). */
  ledgerRows: ReadonlyArray<AppliedLedgerRow | null>;
  /** The pipeline with the deployed method's selector. */
  pipeline: Pipeline;
  selector: SelectorKind;
  /** The deployed grid index (λ⊥ = 0 for an infeasible row). */
  gridIndex: number;
  row: { method: string; alpha: number; stratum: string };
  /** The calibration's fingerprint.json, null when the calibration wrote none. */
  fingerprint: Fingerprint | null;
  /** The deploy.json and the fingerprint.json beside it, as named in the notes. */
  deployFile: string;
  fingerprintFile: string;
  /** Episode → its stratum value under the calibration's `--by` field (null: pooled). */
  stratumOf: ((e: Episode) => string) | null;
  shift: { permutations: number; seed: string; level: number };
}

/** Per episode rows, the per-stratum summary, and the shift check (or why there is none). */
export interface ApplyResult {
  applied: AppliedEpisode[];
  summary: ApplySummary[];
  shift: ShiftCheck | null;
  shiftNote: string | null;
}

/** The executed prefix's ledger events: built-in trace events and the first steps an external row adds. */
function ledgerEventsOf(
  builtIn: ReadonlyArray<{ step: number; category: string }>,
  row: AppliedLedgerRow | null,
): Array<{ step: number; category: string }> {
  const own = row === null || row.keep ? [...builtIn] : [];
  if (row) {
    for (const [category, step] of Object.entries({ ...row.steps.firstStep, ...(row.steps.customFirstStep ?? {}) }))
      if (step >= 0) own.push({ step, category });
  }
  return own.sort((a, b) => a.step - b.step || (a.category < b.category ? -1 : a.category > b.category ? 1 : 0));
}

/**
 * The deployed gate over a batch of new episodes, in one fused replay pass (the breakpoint
 * table `carb replay` writes, so every figure is replay's grid mean at the deployed index:
 * Proposition 2), each episode's scores kept for its row; then the label-free shift check
 * against the calibration's fingerprint, within the deploy row's stratum.
 */
export function applyDeployedGate(input: ApplyInput): ApplyResult {
  const { episodes, pipeline, fingerprint, row } = input;
  const traces = episodes.map((e) => ledgerTrace(e, pipeline));
  const scores: Array<{ text: string[]; values: number[] }> = [];
  const [table] = replayFused(episodes, pipeline, [{ method: input.selector, selector: pipeline.selector }], {
    traces,
    onScored: (_e, [s]) => scores.push({ text: s!.scores.map(formatScore), values: s!.scores.map(scoreValue) }),
  });
  input.ledgerRows.forEach((r, e) => {
    if (r) mergeLedgerRow(table!, e, r.steps, r.keep);
  });
  const applied = episodes.map((ep, e) =>
    appliedEpisode(table!, e, input.gridIndex, {
      stratum: input.stratumOf ? input.stratumOf(ep) : 'all',
      scores: scores[e]!.text,
      scoreValues: scores[e]!.values,
      events: ledgerEventsOf(traces[e]!.events, input.ledgerRows[e] ?? null),
    }),
  );
  const summary = applySummary(applied, row.alpha);
  const reference = fingerprint?.runsFrom[row.method];
  if (!fingerprint)
    return {
      applied,
      summary,
      shift: null,
      shiftNote: `no fingerprint.json beside ${input.deployFile} (a calibration by an earlier carb): recalibrate to get one; the logs were not compared with the calibration`,
    };
  if (reference === undefined)
    return { applied, summary, shift: null, shiftNote: `${input.fingerprintFile} has no first-stop indices for ${row.method}` };
  if (fingerprint.grid !== table!.G)
    return {
      applied,
      summary,
      shift: null,
      shiftNote: `${input.fingerprintFile}: grid of ${fingerprint.grid} points, expected the pipeline's ${table!.G}`,
    };
  const inStratum =
    row.stratum === 'all' || fingerprint.strata === null ? reference : reference.filter((_, e) => fingerprint.strata![e] === row.stratum);
  const shift = shiftCheck({
    calibration: inStratum,
    fresh: episodes.map((ep, e) => ({ stratum: applied[e]!.stratum, runsFrom: applied[e]!.runsFrom, tools: countTools(ep, new Map()) })),
    vocabulary: fingerprint.tools,
    grid: fingerprint.grid,
    permutations: input.shift.permutations,
    seed: input.shift.seed,
    level: input.shift.level,
  });
  return { applied, summary, shift, shiftNote: null };
}
