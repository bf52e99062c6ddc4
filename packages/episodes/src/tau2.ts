import { adaptEach, adaptRecord } from './adaptEach.ts';
import { canonicalize } from '@carb/io';
import { Fields, fileStem, isObj, type AdaptContext, type Obj } from './fields.ts';
import type { DecodeResult } from './jsonl.ts';
import { TAU2_FAILURE, toolFailure } from './toolFailure.ts';
import { ToolSteps } from './toolSteps.ts';
import type { Episode, JsonObject } from './types.ts';
import type { LogFormat } from './logFormat.ts';

interface RunInfo {
  model: string | null;
  domain: string | null;
}

function runInfo(f: Fields, root: Obj): RunInfo {
  if (root.info === undefined || root.info === null) return { model: null, domain: null };
  const info = f.object(root.info, '/info');
  const agent = info.agent_info === undefined || info.agent_info === null ? {} : f.object(info.agent_info, '/info/agent_info');
  const env =
    info.environment_info === undefined || info.environment_info === null ? {} : f.object(info.environment_info, '/info/environment_info');
  return {
    model: f.optString(agent.llm, '/info/agent_info/llm'),
    domain: f.optString(env.domain_name, '/info/environment_info/domain_name'),
  };
}

function simulation(f: Fields, raw: unknown, at: string, stem: string, run: RunInfo): Episode {
  const sim = f.object(raw, at);
  const taskId = f.id(sim.task_id, `${at}/task_id`);
  // Trial number when the file has one (several trials per task), else the simulation id.
  const trial = typeof sim.trial === 'number' ? String(sim.trial) : f.id(sim.id, `${at}/id`);
  const termination = f.string(sim.termination_reason, `${at}/termination_reason`);
  const rewardInfo = f.object(sim.reward_info, `${at}/reward_info`);
  const reward = rewardInfo.reward;
  if (typeof reward !== 'number') f.fail(`${at}/reward_info/reward`, 'a number', reward);
  // db_check is null when the run died before evaluation (termination agent_error): no match.
  let dbMatch: boolean | null = null;
  if (rewardInfo.db_check !== null && rewardInfo.db_check !== undefined) {
    const m = f.object(rewardInfo.db_check, `${at}/reward_info/db_check`).db_match;
    if (typeof m !== 'boolean') f.fail(`${at}/reward_info/db_check/db_match`, 'a boolean', m);
    dbMatch = m;
  }
  const steps = new ToolSteps(f.file);
  // User-side tool calls (tau2 dual-control domains) act on the user's device, not through the
  // agent: they and their results are not agent steps.
  const userCalls = new Set<string>();
  let request: string | null = null;
  f.array(sim.messages, `${at}/messages`).forEach((m, i) => {
    const mp = `${at}/messages/${i}`;
    const msg = f.object(m, mp);
    const role = f.string(msg.role, `${mp}/role`);
    if (role === 'tool') {
      const content = f.string(msg.content, `${mp}/content`);
      // `error` is a boolean, absent in some files: the content's "Error: " prefix then tells.
      if (msg.error !== undefined && msg.error !== null && typeof msg.error !== 'boolean') f.fail(`${mp}/error`, 'a boolean', msg.error);
      const id = f.id(msg.id, `${mp}/id`);
      if (userCalls.delete(id)) return;
      steps.result(id, content, toolFailure(msg.error, content, TAU2_FAILURE), mp);
      return;
    }
    if (role !== 'user' && role !== 'assistant') f.fail(`${mp}/role`, 'one of "assistant", "user", "tool"', role);
    // The first message of the simulated user is the task as the agent receives it.
    if (role === 'user' && request === null) request = f.optString(msg.content, `${mp}/content`);
    if (msg.tool_calls === undefined || msg.tool_calls === null) return;
    f.array(msg.tool_calls, `${mp}/tool_calls`).forEach((c, j) => {
      const cp = `${mp}/tool_calls/${j}`;
      const call = f.object(c, cp);
      if (role === 'user') {
        userCalls.add(f.id(call.id, `${cp}/id`));
        return;
      }
      steps.call(
        f.id(call.id, `${cp}/id`),
        f.string(call.name, `${cp}/name`),
        f.object(call.arguments, `${cp}/arguments`) as JsonObject,
        cp,
      );
    });
  });
  const benchmark: JsonObject = { reward, db_match: dbMatch, termination_reason: termination };
  if (typeof sim.id === 'string') benchmark.simulation_id = sim.id;
  return {
    id: `${stem}/${taskId}/${trial}`,
    group: taskId,
    source: { format: 'tau2', file: f.file, model: run.model, suite: run.domain, userTask: taskId, injectionTask: null, attack: null },
    request,
    steps: steps.steps,
    // "Final state matches ground truth" is db_check.db_match (tau2 README); reward also
    // weighs communication and NL assertions, so it stays in `benchmark` only.
    outcome: { taskCompleted: dbMatch === true, completedAtStep: null },
    benchmark: canonicalize(benchmark),
    injections: {},
    flags: { aborted: termination === 'agent_error' ? 'tau2 termination_reason: agent_error' : null, textOnlyCalls: false },
    externalScores: null,
  };
}

/**
 * Episodes of a decoded tau2-bench Results document ({info, tasks, simulations}):
 * one per simulation. A simulation that does not adapt is one problem (record = its
 * JSON pointer) and is skipped; a document without `simulations` is refused whole.
 */
export function adaptTau2(raw: unknown, file: string, ctx: AdaptContext = {}): DecodeResult {
  const f = new Fields(file);
  const root = f.object(raw, '');
  const sims = f.array(root.simulations, '/simulations');
  const run = runInfo(f, root);
  const stem = fileStem(file);
  return adaptEach(sims, (s, i) => adaptRecord(s, file, `/simulations/${i}`, () => simulation(f, s, `/simulations/${i}`, stem, run), ctx));
}

/** tau2-bench Results JSON: an object with a `simulations` list. */
export const TAU2: LogFormat<'tau2'> = {
  name: 'tau2',
  detect: (raw) => isObj(raw) && Array.isArray(raw.simulations),
  schema: null,
  decode: adaptTau2,
};
