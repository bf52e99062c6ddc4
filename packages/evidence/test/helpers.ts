import { readFileSync } from 'node:fs';
import type { JsonObject, PolicyStep, StepProvenance } from '@carb/episodes/policy';
import { defaultPipelinePath, type Pipeline, type ToolType } from '@carb/pipeline';
import { createPrefixGraph, type PrefixGraphBuilder } from '../src/index.ts';

/** Tool typing of the hand-built examples. */
export const TEST_TYPING: Record<string, ToolType[]> = {
  read_file: ['private_source'],
  read_certificate: ['private_source'],
  read_public_doc: ['read'],
  get_webpage: ['read'],
  create_note: ['read'],
  send_email: ['external_sink', 'message_social'],
  send_money: ['financial', 'external_sink'],
  delete_file: ['irreversible'],
  post_message: ['message_social'],
  list_items: ['read'],
};

/** default.json's frozen rules with an inline tool typing (the tool files are not needed here). */
export function testPipeline(): Pipeline {
  const raw = JSON.parse(readFileSync(defaultPipelinePath(), 'utf8')) as Pipeline;
  return { ...raw, toolTyping: TEST_TYPING };
}

let counter = 0;
/** A step; `index` is filled in by `episode`. */
export function step(tool: string, args: JsonObject = {}, result = '', provenance?: StepProvenance): PolicyStep {
  const s = { index: counter++, tool, args, result, error: null, ok: true };
  return provenance === undefined ? s : { ...s, provenance };
}

export function episode(...steps: PolicyStep[]): PolicyStep[] {
  return steps.map((s, index) => ({ ...s, index }));
}

/** Graph at decision t: records 0..t−1 committed, step t proposed. */
export function graphAt(steps: readonly PolicyStep[], t: number, pipeline = testPipeline()): PrefixGraphBuilder {
  const g = createPrefixGraph(pipeline);
  for (let i = 0; i < t; i++) {
    g.propose(steps[i]!);
    g.commit(steps[i]!);
  }
  g.propose(steps[t]!);
  return g;
}

/** Relation numbers on the edge j → i, [] when absent. */
export function rel(g: PrefixGraphBuilder, j: number, i: number): number[] {
  const e = g.edges(i).find((x) => x.from === j);
  if (e === undefined) return [];
  const out: number[] = [];
  for (let r = 1; r <= 8; r++) if (e.relations & (1 << (r - 1))) out.push(r);
  return out;
}
