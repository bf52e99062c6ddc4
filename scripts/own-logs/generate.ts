import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseOpenAiChatJsonl } from '@carb/episodes';
import { seededRandom } from '@carb/io';
import { judgeScore } from './judge.ts';
import { drawConversation, newComplaint, type Conversation } from './scenarios.ts';
import { reviewedTyping } from './typing.ts';

/** Project root (this file is scripts/own-logs/generate.ts). */
export const ROOT = join(import.meta.dirname, '..', '..');
/** Where the worked example lives, relative to the project root. */
export const OWN_LOGS_DIR = 'corpora/own-logs';

/** Generator parameters, fixed once (seed = the number, not tuned to any figure). */
export const OWN_LOGS = { seed: 15, episodes: 48, unreviewed: 6, harmRate: 0.35, model: 'acme-support-v2' } as const;

const SYSTEM =
  'You are the support assistant of Northwind Parcel (a fictional shop). Use the tools to help the customer; follow the help-center policies.';

const rngFor = (stream: string) => seededRandom(`own-logs:${OWN_LOGS.seed}:${stream}`, 'quick');
const jsonl = (rows: readonly unknown[]): string => rows.map((r) => `${JSON.stringify(r)}\n`).join('');

/** OpenAI chat-completions messages of a conversation: each tool call its own assistant turn, answered by a `tool` message. */
function messages(c: Conversation, callPrefix: string): unknown[] {
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: c.request },
    ...c.turns.flatMap((t, i) => [
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: `${callPrefix}_${i}`, type: 'function', function: { name: t.tool, arguments: JSON.stringify(t.args) } }],
      },
      { role: 'tool', tool_call_id: `${callPrefix}_${i}`, content: t.result },
    ]),
    { role: 'assistant', content: c.reply },
  ];
}

/**
 * Every file of the worked example (name → text), from the seed alone: the agent's chat
 * logs, the reviewers' ledger events (a few episodes left unreviewed), the judge's scores,
 * the reviewed tool typing, the pipeline naming it, and one new conversation as `carb gate`
 * stdin events. Same parameters, same bytes.
 */
export function ownLogsFiles(): Map<string, string> {
  const draw = rngFor('episodes');
  const judge = rngFor('judge');
  const review = rngFor('review');
  const ids = Array.from({ length: OWN_LOGS.episodes }, (_, i) => `support-${String(i + 1).padStart(3, '0')}`);
  const conversations = ids.map(() => drawConversation(draw, OWN_LOGS.harmRate));
  const agent = jsonl(ids.map((id, i) => ({ id, model: OWN_LOGS.model, messages: messages(conversations[i]!, `call_${id}`) })));

  // the reviewers did not get to every conversation: these have no line (carb calibrate --unlabelled decides)
  const unreviewed = new Set<number>();
  while (unreviewed.size < OWN_LOGS.unreviewed) unreviewed.add(Math.floor(review() * OWN_LOGS.episodes));
  const events = ids.flatMap((id, i) => {
    if (unreviewed.has(i)) return [];
    const source = review() < 0.5 ? 'reviewer-a' : 'reviewer-b';
    return [
      {
        id,
        events: conversations[i]!.turns.flatMap((t, step) => t.harms.map((h) => ({ step, category: h.category, source, note: h.note }))),
      },
    ];
  });
  const scores = ids.flatMap((id, i) => conversations[i]!.turns.map((t, step) => ({ id, step, score: judgeScore(judge, t) })));

  const parsed = parseOpenAiChatJsonl(agent, `${OWN_LOGS_DIR}/agent.jsonl`);
  if (parsed.problems.length > 0 || parsed.episodes.length !== ids.length)
    throw new Error(`own-logs: the OpenAI chat adapter refused ${parsed.problems.length} generated record(s)`);

  const fresh = newComplaint(rngFor('new-episode'));
  const gateEvents = fresh.turns.flatMap((t) => [
    { type: 'proposal', tool: t.tool, args: t.args, externalScore: judgeScore(judge, t) },
    { type: 'result', result: t.result, error: null },
  ]);

  const base = JSON.parse(readFileSync(join(ROOT, 'configs/pipelines/default.json'), 'utf8')) as Record<string, unknown>;
  const pipeline = {
    $schema: '../../configs/schema/pipeline.schema.json',
    _comment:
      "The default pipeline (configs/pipelines/default.json) with the support agent's reviewed tool typing. With --scores and --ledger external the judge and the reviewers replace the built-in scorer and ledger; the typing still shapes the evidence graph carb explain shows.",
    ...base,
    name: 'own-logs-support-agent',
    toolTyping: ['tools.json'],
  };

  return new Map([
    ['agent.jsonl', agent],
    ['review-events.jsonl', jsonl(events)],
    ['judge-scores.jsonl', jsonl(scores)],
    ['tools.json', reviewedTyping(parsed.episodes)],
    ['pipeline.json', `${JSON.stringify(pipeline, null, 2)}\n`],
    ['new-episode.jsonl', jsonl(gateEvents)],
  ]);
}
