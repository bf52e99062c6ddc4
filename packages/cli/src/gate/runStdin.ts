import type { Readable, Writable } from 'node:stream';
import { printableLines } from '@carb/io';
import { formatScore } from '@carb/pipeline';
import { createGate, type Gate, type GateDecision, type ProposedCall } from '@carb/replay';
import { parseGateEvent } from './gateEvent.ts';
import { stdinLines } from './stdinLines.ts';
import type { ResolvedGate } from './resolveGate.ts';

/** One line of `carb gate`'s output: a decision on one proposal. */
export interface DecisionLine {
  step: number;
  decision: GateDecision;
  /** q_t as exact decimal text (formatScore). */
  score: string;
  /** Selected context C_t: node ids of the prefix graph, i.e. step indices, the proposal last. */
  context: number[];
  /** Table 1 features that fired, in Table 1 order. */
  features: string[];
}

/**
 * Runs the gate online over one episode's events on `input` (JSONL), writing one decision
 * line per proposal to `output`; stops reading at the first stop. A bad line throws
 * `stdin: line N: …` after the decisions before it were written.
 */
export async function runStdin(resolved: ResolvedGate, episodeId: string, input: Readable, output: Writable): Promise<{ proposals: number; stopped: boolean }> {
  const gate = createGate(resolved.pipeline, resolved.threshold!, { episodeId, explain: true });
  let awaitingResult = false;
  let proposals = 0;
  for await (const { text, lineNo } of stdinLines(input)) {
    if (text.trim() === '') continue;
    const event = parseGateEvent(text, lineNo, gate.executed.length);
    if (awaitingResult !== (event.kind === 'result')) {
      throw new Error(`stdin: line ${lineNo}: expected ${awaitingResult ? 'a {"type":"result"} event for the allowed proposal' : 'a step or a {"type":"proposal"} event'}, found a ${event.kind === 'step' ? 'step' : `${event.kind} event`}`);
    }
    if (event.kind === 'result') {
      gate.observe(event.observed);
      awaitingResult = false;
      continue;
    }
    const decision = propose(gate, event.call, lineNo);
    proposals++;
    output.write(`${printableLines(JSON.stringify(decisionLine(gate, decision)))}\n`);
    if (decision === 'stop') break;
    if (event.kind === 'step') gate.observe(event.observed);
    else awaitingResult = true;
  }
  return { proposals, stopped: gate.stopped };
}

function propose(gate: Gate, call: ProposedCall, lineNo: number): GateDecision {
  try {
    return gate.propose(call);
  } catch (e) {
    throw new Error(`stdin: line ${lineNo}: ${(e as Error).message}`);
  }
}

function decisionLine(gate: Gate, decision: GateDecision): DecisionLine {
  const x = gate.lastExplanation!;
  const step = x.context[x.context.length - 1]!.node;
  return { step, decision, score: formatScore(x.score), context: x.context.map((r) => r.node), features: x.features.map((f) => f.name) };
}
