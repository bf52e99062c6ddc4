import type { GateVerdict, DeployedGate } from './openGate.ts';
import { parseGateEvent } from './gateEvent.ts';

/**
 * Runs a gate over one episode's events, JSONL lines as `carb gate` reads them on stdin: a
 * canonical step (proposal and result on one line) or separate proposal / result events. Calls
 * `onVerdict` per proposal, in order, and stops reading at the first stop. A bad line throws
 * `stdin: line N: …` after the verdicts before it were handed on.
 */
export async function runGateEvents(
  gate: DeployedGate,
  lines: AsyncIterable<{ text: string; lineNo: number }>,
  onVerdict: (v: GateVerdict) => void,
): Promise<{ proposals: number; stopped: boolean }> {
  let awaitingResult = false;
  let proposals = 0;
  for await (const { text, lineNo } of lines) {
    if (text.trim() === '') continue;
    // the next proposal's step is the number of calls executed: an allowed call counts once its result is in
    const event = parseGateEvent(text, lineNo, gate.history.length - (awaitingResult ? 1 : 0));
    if (awaitingResult !== (event.kind === 'result')) {
      throw new Error(
        `stdin: line ${lineNo}: expected ${awaitingResult ? 'a {"type":"result"} event for the allowed proposal' : 'a step or a {"type":"proposal"} event'}, found a ${event.kind === 'step' ? 'step' : `${event.kind} event`}`,
      );
    }
    if (event.kind === 'result') {
      gate.observe(event.observed);
      awaitingResult = false;
      continue;
    }
    let verdict: GateVerdict;
    try {
      verdict = gate.propose(event.call);
    } catch (e) {
      throw new Error(`stdin: line ${lineNo}: ${(e as Error).message}`);
    }
    proposals++;
    onVerdict(verdict);
    if (verdict.decision === 'stop') break;
    if (event.kind === 'step') gate.observe(event.observed);
    else awaitingResult = true;
  }
  return { proposals, stopped: gate.stopped };
}
