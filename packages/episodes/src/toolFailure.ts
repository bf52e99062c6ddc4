/**
 * How one log format marks a failed tool call: whether its tool messages carry an error
 * flag, and the content prefixes its benchmark's environment writes when a tool fails.
 */
export interface FailureSignals {
  /** Content prefixes that mean failure; only read when the message has no error flag. */
  readonly prefixes: readonly string[];
}

/**
 * tau2-bench: `Environment.get_response` catches every tool exception and returns
 * `ToolMessage(content=f"Error: {e}", error=True)`; a tool that returns normally gives
 * `error=False`. Files written without the `error` key keep the content.
 */
export const TAU2_FAILURE: FailureSignals = { prefixes: ['Error: '] };

/**
 * tau-bench v1: no error flag. Its airline tools return "Error: …" strings, `Env.step`
 * turns an exception into `f"Error: {e}"` and an unknown tool name into
 * `f"Unknown action {name}"`.
 */
export const TAU_BENCH_FAILURE: FailureSignals = { prefixes: ['Error:', 'Unknown action '] };

/** AgentDojo and generic chat logs: the `error` field alone (a tool result is data, e.g. an injected email). */
export const FLAG_ONLY: FailureSignals = { prefixes: [] };

/**
 * The one rule for whether a logged tool call failed, shared by every adapter. `flag` is the
 * message's error field: true or an error string = failed, false or null = succeeded, as
 * the log says; undefined (no field) = the content decides, failed when it starts with one
 * of the benchmark's failure prefixes. Returns the error text, or null when the call succeeded.
 */
export function toolFailure(flag: boolean | string | null | undefined, content: string, signals: FailureSignals): string | null {
  if (typeof flag === 'string') return flag;
  if (flag === true) return content;
  if (flag === false || flag === null) return null;
  return signals.prefixes.some((p) => content.startsWith(p)) ? content : null;
}
