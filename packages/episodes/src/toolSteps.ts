import { NOT_EXECUTED } from './agentdojo.ts';
import { inCanonicalForm } from './order.ts';
import { AdapterError } from './problems.ts';
import type { JsonObject, PolicyStep } from './types.ts';

/**
 * Builds the executed steps of a chat log whose tool results name their call by id
 * (tau2, OpenAI chat): a call proposed but never answered stays a failed step with
 * error NOT_EXECUTED, as in the AgentDojo adapter.
 */
export class ToolSteps {
  readonly steps: PolicyStep[] = [];
  // Unanswered calls by id. Ids are unique only among these: tau-bench v1 logs reuse an
  // id once its call has been answered.
  private readonly pending = new Map<string, number>();

  constructor(readonly file: string) {}

  call(id: string, tool: string, args: JsonObject, pointer: string): void {
    if (tool === '') throw new AdapterError(this.file, pointer, 'wrong-type', 'expected a non-empty tool name, found an empty string');
    if (this.pending.has(id))
      throw new AdapterError(
        this.file,
        pointer,
        'duplicate-call-id',
        `expected a tool call id unique among unanswered calls, found "${id}" twice`,
      );
    this.pending.set(id, this.steps.length);
    this.steps.push({ index: this.steps.length, tool, args: inCanonicalForm(args), result: '', error: NOT_EXECUTED, ok: false });
  }

  /** The result of call `id`: `error` null when the tool succeeded (then `content` is the visible result). */
  result(id: string, content: string, error: string | null, pointer: string): void {
    const k = this.pending.get(id);
    if (k === undefined)
      throw new AdapterError(
        this.file,
        pointer,
        'unpaired-result',
        `expected a tool result for an earlier unanswered tool call, found id "${id}" that none has`,
      );
    this.pending.delete(id);
    const s = this.steps[k]!;
    this.steps[k] = { index: s.index, tool: s.tool, args: s.args, result: error === null ? content : '', error, ok: error === null };
  }
}
