/** A tool call of a hand-written tau2 simulation: name, arguments, the tool's result. */
export type Tau2Call = [string, Record<string, unknown>, unknown];

/** One tau2 simulation (Results JSON shape): each call an assistant tool call and its tool message. */
export function tau2Simulation(id: string, taskId: string, calls: readonly Tau2Call[], dbMatch: boolean): Record<string, unknown> {
  return {
    id,
    task_id: taskId,
    trial: 0,
    termination_reason: 'user_stop',
    reward_info: { reward: dbMatch ? 1 : 0, db_check: { db_match: dbMatch, db_reward: dbMatch ? 1 : 0 } },
    messages: [
      { role: 'user', content: 'hi' },
      ...calls.flatMap(([name, args, result], i) => [
        { role: 'assistant', content: null, tool_calls: [{ id: `${id}-${i}`, name, arguments: args }] },
        { role: 'tool', id: `${id}-${i}`, content: JSON.stringify(result), error: false },
      ]),
    ],
  };
}

/** A tau2 Results document of agent `agent-x` in the airline domain. */
export function tau2Results(simulations: ReadonlyArray<Record<string, unknown>>): Record<string, unknown> {
  return { info: { agent_info: { llm: 'agent-x' }, environment_info: { domain_name: 'airline' } }, simulations };
}
