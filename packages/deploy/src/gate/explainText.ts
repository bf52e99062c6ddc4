import { printable } from '@carb/io';
import type { LedgerEvent } from '@carb/ledger';
import { formatScore, gridSize, type Pipeline } from '@carb/pipeline';
import type { ContextRecord, EpisodeExplanation, StepExplanation } from '@carb/replay';
import { lambdaText, type ResolvedGate } from './resolveGate.ts';

const ARGS_SHOWN = 100;
const INDENT = ' '.repeat(8);

/** `carb explain`'s text: a header with the gate and its stop, then one block per proposal. */
export function explainText(x: EpisodeExplanation, resolved: ResolvedGate, total: number): string {
  const { pipeline } = resolved;
  const lambda = resolved.gridIndex === null ? null : lambdaText(pipeline, resolved.gridIndex);
  const stopStep = x.stoppedAt === null ? null : x.steps[x.steps.length - 1]!;
  const out: string[] = [
    `episode ${printable(x.id)} (${total} logged step${total === 1 ? '' : 's'})`,
    `gate    ${resolved.description}`,
    `result  ${resultLine(x, stopStep, lambda, resolved, total)}`,
    '',
  ];
  const scoreWidth = Math.max(...x.steps.map((s) => formatScore(s.explanation.score).length));
  const stepWidth = String(Math.max(0, total - 1)).length;
  const verdicts = x.steps.map((s) => verdict(s, pipeline, lambda, scoreWidth));
  const verdictWidth = Math.max(...verdicts.map((v) => v.length));
  x.steps.forEach((s, k) => out.push(...stepBlock(s, verdicts[k]!.padEnd(verdictWidth), stepWidth), ''));
  if (x.notProposed.length > 0)
    out.push(`not proposed: step${x.notProposed.length === 1 ? '' : 's'} ${x.notProposed.join(', ')} (after the stop)`);
  if (x.prevented.length > 0)
    out.push(`ledger events the stop prevented: ${x.prevented.map((e) => `step ${e.step} ${eventText(e)}`).join('; ')}`);
  while (out[out.length - 1] === '') out.pop();
  return `${out.join('\n')}\n`;
}

function resultLine(
  x: EpisodeExplanation,
  stop: StepExplanation | null,
  lambda: string | null,
  resolved: ResolvedGate,
  total: number,
): string {
  const executed =
    x.executed === 0 ? 'nothing executed' : `executed step${x.executed === 1 ? '' : 's'} 0${x.executed > 1 ? `–${x.executed - 1}` : ''}`;
  const loss = `ledger loss ${x.loss}`;
  if (lambda === null) return `no threshold: every logged step scored (as at λ = 1); ${executed}; ${loss}`;
  if (stop === null) return `runs to its end at λ = ${lambda} (all ${total} steps allowed); ${loss}`;
  const why =
    resolved.notice !== null
      ? 'infeasible deploy row: every proposal is stopped'
      : `score ${formatScore(stop.explanation.score)} > λ ${lambda}`;
  return `stops before step ${stop.step} (${why}); ${executed}; ${loss}`;
}

// `allow  q 0.14 ≤ λ 0.58`, or without a threshold `q 0.14  allowed from λ 0.14`
function verdict(s: StepExplanation, pipeline: Pipeline, lambda: string | null, scoreWidth: number): string {
  const score = formatScore(s.explanation.score).padEnd(scoreWidth);
  if (lambda !== null) return `${s.decision === 'stop' ? 'STOP ' : 'allow'}  q ${score} ${s.decision === 'stop' ? '>' : '≤'} λ ${lambda}`;
  return `q ${score}  ${s.allowFrom >= gridSize(pipeline.grid) ? 'no grid λ allows it' : `allowed from λ ${lambdaText(pipeline, s.allowFrom)}`}`;
}

function stepBlock(s: StepExplanation, verdictText: string, stepWidth: number): string[] {
  const x = s.explanation;
  const lines = [`step ${String(s.step).padStart(stepWidth)}  ${verdictText}  ${printable(s.tool)} ${abbreviated(s.args)}`];
  const label = (name: string) => `${INDENT}${name.padEnd(9)} `;
  lines.push(
    label('features') +
      (x.scorer === 'external'
        ? 'external score (given with the proposal; Table 1 features not used)'
        : `${x.features.map((f) => `${f.name} ${f.weight}`).join(' + ')} = ${String(x.sum)}${x.sum !== formatScore(x.score) ? ` → clipped ${formatScore(x.score)}` : ''}`),
  );
  lines.push(label('context') + `${x.context.length} record${x.context.length === 1 ? '' : 's'}: ${x.rule}`);
  const toolWidth = Math.max(...x.context.map((r) => printable(r.tool).length));
  const nodeWidth = Math.max(...x.context.map((r) => String(r.node).length)) + 1;
  const typesWidth = Math.max(...x.context.map((r) => typesText(r).length));
  const byNode = new Map(x.context.map((r) => [r.node, r]));
  for (const r of x.context)
    lines.push(
      `${INDENT}${' '.repeat(10)}${`#${r.node}`.padEnd(nodeWidth)}  ${printable(r.tool).padEnd(toolWidth)}  ${typesText(r).padEnd(typesWidth)}  ${recordText(r, byNode)}`,
    );
  lines.push(
    label('ledger') + (s.decision === 'stop' ? '— (not executed)' : s.ledger.length === 0 ? '—' : s.ledger.map(eventText).join('; ')),
  );
  return lines;
}

function typesText(r: ContextRecord): string {
  return r.types.length > 0 ? `[${r.types.join(', ')}]` : '[untyped]';
}

// The record's marks, then its path to the proposal with the relations of each hop.
function recordText(r: ContextRecord, byNode: ReadonlyMap<number, ContextRecord>): string {
  const marks = [
    r.role === 'proposal' ? 'proposal' : null,
    r.privateSource ? 'private source' : null,
    r.canary ? 'canary' : null,
    r.injection ? 'injection text' : null,
  ].filter((m) => m !== null);
  if (r.role === 'proposal') return marks.join('  ');
  if (r.path === null) return [...marks, 'no edge path to the proposal inside the context'].join('  ');
  let hops = `#${String(r.path[0])}`;
  for (let k = 1; k < r.path.length; k++) {
    const edge = byNode.get(r.path[k - 1]!)!.edges.find((e) => e.to === r.path![k])!;
    hops += ` —${edge.relations.join('+')}→ #${String(r.path[k])}`;
  }
  const more = r.edges.length - 1;
  return [...marks, `path ${hops}${more > 0 ? ` (+${more} more context edge${more === 1 ? '' : 's'})` : ''}`].join('  ');
}

function eventText(e: LedgerEvent): string {
  return `${e.category} (rule ${e.rule}, ${JSON.stringify(e.evidence)}${e.payload === null ? '' : `, payload ${JSON.stringify(e.payload)}`}, revealed at step ${e.seenAt})`;
}

function abbreviated(args: unknown): string {
  const text = JSON.stringify(args);
  return text.length <= ARGS_SHOWN ? text : `${text.slice(0, ARGS_SHOWN - 1)}…`;
}
