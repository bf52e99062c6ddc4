import { adaptEach, adaptRecord } from './adaptEach.ts';
import { canonicalize } from '@carb/io';
import { Fields, fileStem, isObj, type AdaptContext } from './fields.ts';
import type { DecodeResult } from './jsonl.ts';
import { openAiChatSteps, type ToolErrorOf } from './openaiChat.ts';
import { TAU_BENCH_FAILURE, toolFailure } from './toolFailure.ts';
import type { Episode, JsonObject } from './types.ts';
import type { LogFormat } from './logFormat.ts';

// tau-bench v1 tools report failure in the result text itself ("Error: not enough seats ...").
const errorText: ToolErrorOf = (_msg, content) => toolFailure(undefined, content, TAU_BENCH_FAILURE);

function record(f: Fields, raw: unknown, at: string, stem: string): Episode {
  const rec = f.object(raw, at);
  const taskId = f.id(rec.task_id, `${at}/task_id`);
  const trial = f.id(rec.trial, `${at}/trial`);
  const reward = rec.reward;
  if (typeof reward !== 'number') f.fail(`${at}/reward`, 'a number', reward);
  const { request, steps } = openAiChatSteps(f, rec.traj, `${at}/traj`, errorText);
  const info = rec.info === undefined || rec.info === null ? {} : f.object(rec.info, `${at}/info`);
  const rewardInfo =
    info.reward_info === undefined || info.reward_info === null ? null : f.object(info.reward_info, `${at}/info/reward_info`);
  const benchmark: JsonObject = { reward };
  if (rewardInfo !== null && rewardInfo.info !== undefined) benchmark.reward_info = rewardInfo.info as JsonObject;
  return {
    id: `${stem}/${taskId}/${trial}`,
    group: taskId,
    source: { format: 'tau-bench', file: f.file, model: null, suite: null, userTask: taskId, injectionTask: null, attack: null },
    request,
    steps,
    // v1's reward is 1 only when the final database hash equals the ground truth's and
    // every required output was said (binary), so it is the task-completion outcome.
    outcome: { taskCompleted: reward === 1, completedAtStep: null },
    benchmark: canonicalize(benchmark),
    injections: {},
    flags: { aborted: null, textOnlyCalls: false },
    externalScores: null,
  };
}

/**
 * Episodes of a decoded tau-bench v1 results file (a list of {task_id, trial, reward,
 * info, traj}): one per record; a record that does not adapt is one problem, skipped.
 */
export function adaptTauBench(raw: unknown, file: string, ctx: AdaptContext = {}): DecodeResult {
  const f = new Fields(file);
  const stem = fileStem(file);
  return adaptEach(f.array(raw, ''), (r, i) => adaptRecord(r, file, `/${i}`, () => record(f, r, `/${i}`, stem), ctx));
}

/** tau-bench v1 results: a list whose first record has a `traj` list. */
export const TAU_BENCH: LogFormat<'tau-bench'> = {
  name: 'tau-bench',
  detect: (raw) => Array.isArray(raw) && isObj(raw[0]) && Array.isArray(raw[0].traj),
  schema: null,
  decode: adaptTauBench,
};
