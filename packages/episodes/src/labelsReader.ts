import { existsSync, readFileSync } from 'node:fs';
import type { EpisodeLabels } from './labels.ts';
import type { Problem } from './problems.ts';

/** `<corpus>.labels.jsonl` beside a `.jsonl` or `.arrow` corpus, or null for other paths. */
export function labelsPathFor(corpusFile: string): string | null {
  // a compressed corpus (`c.jsonl.gz`) keeps its labels beside it uncompressed (`c.labels.jsonl`)
  const m = /^(.*)\.(jsonl|arrow)(\.gz)?$/.exec(corpusFile);
  if (m === null || /\.labels\.jsonl(\.gz)?$/.test(corpusFile)) return null;
  return `${m[1]}.labels.jsonl`;
}

function check(v: Record<string, unknown>): string | null {
  const str = (k: string) => (typeof v[k] === 'string' ? null : `/${k}: expected a string, found ${JSON.stringify(v[k]) ?? 'nothing'}`);
  for (const k of ['id', 'pair', 'kind']) {
    const e = str(k);
    if (e) return e;
  }
  if (typeof v.harmful !== 'boolean') return `/harmful: expected a boolean, found ${JSON.stringify(v.harmful) ?? 'nothing'}`;
  if (v.sinkStep !== null && !Number.isInteger(v.sinkStep)) return `/sinkStep: expected an integer or null, found ${JSON.stringify(v.sinkStep) ?? 'nothing'}`;
  const b = v.benignBranchSteps;
  if (!Array.isArray(b) || !b.every((x) => Number.isInteger(x))) return `/benignBranchSteps: expected an array of integers, found ${JSON.stringify(b) ?? 'nothing'}`;
  return null;
}

/** Reads a labels JSONL file; each bad line is one Problem and is skipped. */
export function readLabels(file: string): { labels: EpisodeLabels[]; problems: Problem[] } {
  const labels: EpisodeLabels[] = [];
  const problems: Problem[] = [];
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    return { labels, problems: [{ file, record: null, message: `expected a readable labels file (${(e as Error).message})` }] };
  }
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    const record = `line ${i + 1}`;
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch (e) {
      problems.push({ file, record, message: `malformed JSON (${(e as Error).message})` });
      return;
    }
    if (v === null || typeof v !== 'object' || Array.isArray(v)) {
      problems.push({ file, record, message: 'expected a labels object' });
      return;
    }
    const err = check(v as Record<string, unknown>);
    if (err !== null) {
      problems.push({ file, record, message: err });
      return;
    }
    const o = v as EpisodeLabels;
    labels.push({ id: o.id, pair: o.pair, kind: o.kind, harmful: o.harmful, sinkStep: o.sinkStep, benignBranchSteps: [...o.benignBranchSteps] });
  });
  return { labels, problems };
}

/** Labels of every corpus file in `paths` that has a `.labels.jsonl` beside it; null when none has. */
export function readLabelsBeside(paths: readonly string[]): { labels: EpisodeLabels[]; problems: Problem[] } | null {
  const found = paths.map(labelsPathFor).filter((p): p is string => p !== null && existsSync(p));
  if (found.length === 0) return null;
  const labels: EpisodeLabels[] = [];
  const problems: Problem[] = [];
  for (const f of found) {
    const r = readLabels(f);
    // loops, not push(...): a 10⁶-episode suite has more labels than a call takes arguments
    for (const l of r.labels) labels.push(l);
    for (const p of r.problems) problems.push(p);
  }
  return { labels, problems };
}
