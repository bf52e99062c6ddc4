import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { carbPath } from '@carb/io';
import {
  AdapterError,
  CORPUS_FORMATS,
  LOG_FORMATS,
  SOURCE_FORMATS,
  decodeDocument,
  detectFormat,
  episodeIssues,
  readCorpus,
  type CorpusFormat,
  type DocumentFormat,
} from '@carb/episodes';

// An AgentDojo run file in miniature: every key the adapter requires, one user message, no tool call.
const AGENTDOJO_RUN = JSON.stringify({
  suite_name: 'workspace',
  pipeline_name: 'gpt-4o',
  user_task_id: 'user_task_0',
  injection_task_id: null,
  attack_type: null,
  injections: {},
  messages: [{ role: 'user', content: 'hi' }],
  error: null,
  utility: true,
  security: false,
});

describe('a format no adapter is registered for', () => {
  it('is refused with one line (file, what was expected), never decoded as AgentDojo', () => {
    let thrown: unknown;
    try {
      decodeDocument(AGENTDOJO_RUN, 'run.json', 'graph-braid' as DocumentFormat);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(AdapterError);
    const p = (thrown as AdapterError).toProblem();
    expect(p).toEqual({
      file: 'run.json',
      record: null,
      message: 'unknown format "graph-braid": expected one of agentdojo, tau2, tau-bench, openai-chat',
    });
  });

  it('through readCorpus: the file is one problem, counted, and no episode is made', () => {
    const dir = mkdtempSync(join(tmpdir(), 'carb-fmt-'));
    writeFileSync(join(dir, 'run.json'), AGENTDOJO_RUN);
    const r = readCorpus([join(dir, 'run.json')], { format: 'ces' as CorpusFormat });
    expect(r.episodes).toEqual([]);
    expect(r.summary.skipped).toEqual({ 'unrecognized-format': 1 });
  });

  it('the same file under its own name still reads (the control: one AgentDojo episode)', () => {
    const r = decodeDocument(AGENTDOJO_RUN, 'run.json', 'agentdojo');
    expect(r.episodes.map((e) => e.id)).toEqual(['gpt-4o/workspace/user_task_0/none/none']);
  });
});

describe('the adapter registry is what detection, docs and the episode schema read', () => {
  it('README names exactly the --format values: the four log formats, jsonl, arrow, auto', () => {
    // hand-written expectation: a new format must be added here, to the registry, and to the README line
    expect([...CORPUS_FORMATS]).toEqual(['agentdojo', 'tau2', 'tau-bench', 'openai-chat', 'jsonl', 'arrow', 'auto']);
    const readme = readFileSync(carbPath('README.md'), 'utf8');
    const listed = /`--format ([a-z0-9|-]+)`/.exec(readme);
    expect(listed?.[1]?.split('|')).toEqual([...CORPUS_FORMATS]);
  });

  it("the episode schema accepts exactly the registered formats and carb's own sources as source.format", () => {
    expect([...SOURCE_FORMATS]).toEqual([...LOG_FORMATS.map((f) => f.name), 'ces', 'graph-braid', 'jsonl']);
    const ep = decodeDocument(AGENTDOJO_RUN, 'run.json', 'agentdojo').episodes[0]!;
    for (const format of SOURCE_FORMATS) expect(episodeIssues({ ...ep, source: { ...ep.source, format } })).toEqual([]);
    expect(episodeIssues({ ...ep, source: { ...ep.source, format: 'ces2' } })).toEqual([
      '/source/format: expected one of "agentdojo", "tau2", "tau-bench", "openai-chat", "ces", "graph-braid", "jsonl", found string "ces2" (did you mean "ces"?)',
    ]);
  });

  it('detection: a tau2 results file carrying an AgentDojo key stays tau2; a list with traj is tau-bench, with messages a chat log', () => {
    expect(detectFormat({ simulations: [], pipeline_name: 'x' })).toBe('tau2');
    expect(detectFormat({ pipeline_name: 'x' })).toBe('agentdojo');
    expect(detectFormat([{ traj: [], messages: [] }])).toBe('tau-bench');
    expect(detectFormat([{ messages: [] }])).toBe('openai-chat');
    expect(detectFormat({ messages: [] })).toBe('openai-chat');
    expect(detectFormat({ suite: 'x' })).toBeNull();
    expect(detectFormat([])).toBeNull();
  });
});
