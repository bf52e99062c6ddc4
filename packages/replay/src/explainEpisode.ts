import type { Episode, JsonObject } from '@carb/episodes';
import { ledgerLoss, ledgerTrace, type LedgerEvent } from '@carb/ledger';
import { firstAllowingIndex, gridSize, type Pipeline } from '@carb/pipeline';
import { createGate, type GateThreshold } from './gate.ts';
import type { DecisionExplanation } from './explainDecision.ts';

/** One proposal of a logged episode as the gate decided it. */
export interface StepExplanation {
  step: number;
  tool: string;
  args: JsonObject;
  decision: 'allow' | 'stop';
  /** Smallest grid index whose threshold allows this proposal (gridSize when none does). */
  allowFrom: number;
  explanation: DecisionExplanation;
  /** Ledger events registered by executing this step (none for the stopped proposal). */
  ledger: LedgerEvent[];
}

/** A logged episode replayed through the gate, decision by decision. */
export interface EpisodeExplanation {
  id: string;
  /** The proposals the gate decided: every logged step up to and including the stopped one. */
  steps: StepExplanation[];
  /** Step the gate stops before, or null when the episode runs to its end. */
  stoppedAt: number | null;
  /** |P_λ|: steps executed. */
  executed: number;
  /** Logged steps after the stop: never proposed under the gate. */
  notProposed: number[];
  /** Ledger events of the logged episode the stop kept from executing. */
  prevented: LedgerEvent[];
  /** ℓ_union of the executed prefix. */
  loss: 0 | 1;
}

/**
 * Drives the online gate (with explanations) through a logged episode at `threshold`, or
 * with none at λ = 1, the top of the grid, which stops no score in [0, 1]. The decisions are
 * the gate's own, so the stop is the one replay and `carb gate` report (Proposition 2).
 */
export function explainEpisode(episode: Episode, pipeline: Pipeline, threshold: GateThreshold | null): EpisodeExplanation {
  const gate = createGate(pipeline, threshold ?? { gridIndex: gridSize(pipeline.grid) - 1 }, { episodeId: episode.id, explain: true });
  const trace = ledgerTrace(episode, pipeline);
  const events = trace.events;
  const steps: StepExplanation[] = [];
  for (const s of episode.steps) {
    const external = episode.externalScores?.[s.index];
    const decision = gate.propose({
      tool: s.tool,
      args: s.args,
      ...(s.provenance ? { provenance: s.provenance } : {}),
      ...(external !== undefined ? { externalScore: external } : {}),
    });
    const explanation = gate.lastExplanation!;
    steps.push({
      step: s.index,
      tool: s.tool,
      args: s.args,
      decision,
      allowFrom: firstAllowingIndex(pipeline.grid, explanation.score),
      explanation,
      ledger: decision === 'allow' ? events.filter((e) => e.step === s.index) : [],
    });
    if (decision === 'stop') break;
    gate.observe({ result: s.result, error: s.error });
  }
  const executed = gate.executed.length;
  return {
    id: episode.id,
    steps,
    stoppedAt: gate.stopped ? executed : null,
    executed,
    notProposed: episode.steps.slice(steps.length).map((s) => s.index),
    prevented: events.filter((e) => e.step >= executed),
    loss: ledgerLoss(trace, executed, 'union') === 1 ? 1 : 0,
  };
}
