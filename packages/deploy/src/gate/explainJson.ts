import { formatScore, gridSize } from '@carb/pipeline';
import type { EpisodeExplanation } from '@carb/replay';
import { lambdaText, type ResolvedGate } from './resolveGate.ts';

/** `carb explain --json`: the explanation with scores and thresholds as exact decimal text. */
export function explainJson(x: EpisodeExplanation, resolved: ResolvedGate): unknown {
  const { pipeline } = resolved;
  const G = gridSize(pipeline.grid);
  return {
    episode: x.id,
    gate: {
      description: resolved.description,
      selector: resolved.selector,
      lambda: resolved.gridIndex === null ? null : lambdaText(pipeline, resolved.gridIndex),
      gridIndex: resolved.gridIndex,
      stopsAll: resolved.notice !== null,
      deployRow: resolved.row === null ? null : { index: resolved.row.index, ...resolved.row.row },
    },
    stoppedAt: x.stoppedAt,
    executed: x.executed,
    loss: x.loss,
    steps: x.steps.map((s) => ({
      step: s.step,
      tool: s.tool,
      args: s.args,
      decision: resolved.gridIndex === null ? null : s.decision,
      score: formatScore(s.explanation.score),
      allowFrom: s.allowFrom >= G ? null : { gridIndex: s.allowFrom, lambda: lambdaText(pipeline, s.allowFrom) },
      scorer: s.explanation.scorer,
      features: s.explanation.features,
      sum: s.explanation.sum,
      rule: s.explanation.rule,
      context: s.explanation.context,
      ledger: s.ledger,
    })),
    notProposed: x.notProposed,
    prevented: x.prevented,
  };
}
