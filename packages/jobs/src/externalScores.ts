import { carbPath, jsonlLines, printable, schemaIssues, schemaValidator } from '@carb/io';
import type { Pipeline } from '@carb/pipeline';
import { readPinned, type EpisodeSources } from './ledgerEvents.ts';
import { NO_NOTICE, type Notice } from './notice.ts';

/** Per-proposal scores of a file, by episode id, then step; and the 1-based line of each id's first score. */
interface ScoreFile {
  byId: Map<string, Map<number, number>>;
  lineOf: Map<string, number>;
  problems: string[];
}

/** configs/schema/score-line.schema.json, the contract of one --scores line. */
export const SCORE_LINE_SCHEMA_PATH = carbPath('configs/schema/score-line.schema.json');

/** Parses `{id, step, score}` JSONL; each refused line is one `file:line: expected …` problem. */
function parseScores(text: string, file: string): ScoreFile {
  const byId = new Map<string, Map<number, number>>();
  const lineOf = new Map<string, number>();
  const where = new Map<string, number>();
  const problems: string[] = [];
  for (const { at, line, value: raw } of jsonlLines(text, file, 'one JSON object {id, step, score}', problems)) {
    const issues = schemaIssues(schemaValidator(SCORE_LINE_SCHEMA_PATH), raw);
    if (issues.length) {
      problems.push(...issues.map((i) => `${at}: ${i.replace(/^\/: /, '')}`));
      continue;
    }
    const o = raw as { id: string; step: number; score: number };
    const key = `${o.id}\u0000${o.step}`;
    const first = where.get(key);
    if (first !== undefined) {
      problems.push(`${at}: expected one score per (id, step), found a second score for "${o.id}" step ${o.step} (first at line ${first})`);
      continue;
    }
    where.set(key, line);
    let steps = byId.get(o.id);
    if (!steps) {
      byId.set(o.id, (steps = new Map<number, number>()));
      lineOf.set(o.id, line);
    }
    steps.set(o.step, o.score);
  }
  return { byId, lineOf, problems };
}

/**
 * External per-proposal scores (--scores) in place of the built-in scorer: every proposal of
 * every episode needs exactly one score in [0, 1]; a missing, duplicate or out-of-range score
 * and an id no episode has are errors, one line each, and fail the run before anything is
 * written (each line given to `onNotice` first). Returns the pipeline scoring externally with the file's SHA-256 pinned, and the
 * source that attaches each episode's scores.
 */
export function scoreSources(
  pipeline: Pipeline,
  file: string,
  onNotice: Notice = NO_NOTICE,
): { pipeline: Pipeline; sources: EpisodeSources } {
  const { text, sha256 } = readPinned('--scores', file);
  const parsed = parseScores(text, file);
  const fail = (lines: readonly string[]): never => {
    for (const l of lines) onNotice(printable(l));
    throw new Error(`${lines.length} problem(s) in ${file}: expected exactly one score in [0, 1] for every proposal`);
  };
  if (parsed.problems.length) fail(parsed.problems);
  const problems: string[] = [];
  const seen = new Set<string>();
  const sources: EpisodeSources = {
    admit(episode) {
      const given = parsed.byId.get(episode.id);
      const T = episode.steps.length;
      if (given) seen.add(episode.id);
      const scores: number[] = [];
      for (let t = 0; t < T; t++) {
        const q = given?.get(t);
        if (q === undefined)
          problems.push(`${file}: expected a score for episode "${episode.id}" step ${t} (proposal ${episode.steps[t]!.tool}), found none`);
        scores.push(q ?? 0);
      }
      for (const step of given?.keys() ?? [])
        if (step >= T)
          problems.push(
            `${file}:${String(parsed.lineOf.get(episode.id))}: expected steps 0 to ${T - 1} for episode "${episode.id}", found a score for step ${step}`,
          );
      return { episode: { ...episode, externalScores: scores }, ledger: null };
    },
    finish() {
      for (const [id, line] of parsed.lineOf)
        if (!seen.has(id)) problems.push(`${file}:${line}: /id: expected the id of an episode in the corpus, found "${id}"`);
      if (problems.length) fail(problems);
    },
    excluded: () => [],
  };
  return { pipeline: { ...pipeline, scorer: { ...pipeline.scorer, source: 'external', scoresSha256: sha256 } }, sources };
}
