import type { Episode } from '@carb/episodes';
import { progress } from '@carb/io';
import { gridSize } from '@carb/pipeline';
import { createGate, replayFused, type GateThreshold } from '@carb/replay';
import { lambdaText, type ResolvedGate } from './resolveGate.ts';

/** App. H's agreement check over a corpus: proposals the gate decided and where it parted from replay. */
export interface CheckResult {
  episodes: number;
  thresholds: number;
  proposals: number;
  disagreements: string[];
}

/**
 * Drives the online gate through every logged episode at each threshold and compares
 * its stop with offline replay's (the fused pass's breakpoint table: at grid index g the
 * replayed episode stops before the first step t with executesFrom[t] > g). `gridIndices`
 * null: the resolved gate's own threshold.
 */
export function runCheck(episodes: readonly Episode[], resolved: ResolvedGate, gridIndices: readonly number[] | null): CheckResult {
  const { pipeline } = resolved;
  const [table] = replayFused(episodes, pipeline, [{ method: resolved.selector, selector: pipeline.selector }]);
  const runs: Array<{ threshold: GateThreshold; g: number }> =
    gridIndices === null
      ? [{ threshold: resolved.threshold!, g: resolved.gridIndex! }]
      : gridIndices.map((g) => ({ threshold: { gridIndex: g }, g }));
  const disagreements: string[] = [];
  let proposals = 0;
  const bar = progress('gate --check', episodes.length);
  episodes.forEach((ep, e) => {
    const base = table!.stepOffset[e]!;
    const T = ep.steps.length;
    for (const { threshold, g } of runs) {
      let replayStop = -1;
      for (let t = 0; t < T; t++) {
        if (table!.executesFrom[base + t]! > g) {
          replayStop = t;
          break;
        }
      }
      const gate = createGate(pipeline, threshold, { episodeId: ep.id });
      for (const s of ep.steps) {
        const external = ep.externalScores?.[s.index];
        proposals++;
        if (
          gate.propose({
            tool: s.tool,
            args: s.args,
            ...(s.provenance ? { provenance: s.provenance } : {}),
            ...(external !== undefined ? { externalScore: external } : {}),
          }) === 'stop'
        )
          break;
        gate.observe({ result: s.result, error: s.error });
      }
      const gateStop = gate.stopped ? gate.executed.length : -1;
      if (gateStop !== replayStop) {
        disagreements.push(
          `${ep.id}: λ = ${lambdaText(pipeline, g)} (grid ${g}): gate ${stopText(gateStop)}, replay ${stopText(replayStop)}`,
        );
      }
    }
    bar.tick();
  });
  bar.stop();
  return { episodes: episodes.length, thresholds: runs.length, proposals, disagreements };
}

function stopText(t: number): string {
  return t < 0 ? 'runs to the end' : `stops before step ${t}`;
}

/** Every grid index, λ⊥ first (`--all-thresholds`). */
export function allGridIndices(resolved: ResolvedGate): number[] {
  return Array.from({ length: gridSize(resolved.pipeline.grid) }, (_, g) => g);
}
