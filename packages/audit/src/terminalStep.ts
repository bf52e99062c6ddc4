import type { PolicyStep } from '@carb/episodes/policy';
import type { TerminalAction } from './types.ts';

/** The terminal action as the proposal node `index` of a prefix graph: result not visible yet. */
export function terminalStep(action: TerminalAction, index: number): PolicyStep {
  return {
    index,
    tool: action.tool,
    args: action.args,
    result: '',
    error: null,
    ok: true,
    ...(action.provenance ? { provenance: action.provenance } : {}),
  };
}
