import { join } from 'node:path';
import { eligibleForCalibration, readCorpus, readLabels, type Episode } from '@carb/episodes';
import { LEDGER_CATEGORIES, defaultPipelinePath, loadPipeline, type Pipeline } from '@carb/pipeline';
import type { OutcomeTable } from '@carb/replay';
import { AGENTDOJO_RUNS, ROOT } from './shared.ts';

/** The three bundled constructed suites. */
export const BUNDLED = ['ces-clean', 'ces-near-miss', 'graph-braid'] as const;

export const defaultPipeline = (): Pipeline => loadPipeline(defaultPipelinePath());

function deepFreeze<T>(v: T): T {
  if (v !== null && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}

let shared: readonly Episode[] | null = null;

/**
 * Every calibration-eligible episode of the shared AgentDojo runs (2,587), read once per
 * worker (the fast project shares modules between files) and deep-frozen so that no file
 * can change what the next one reads: a mutation throws instead.
 */
export function sharedEpisodes(): Episode[] {
  shared ??= deepFreeze(readCorpus([AGENTDOJO_RUNS], { format: 'auto' }).episodes.filter((e) => eligibleForCalibration(e)));
  return [...shared];
}

export function bundledEpisodes(name: (typeof BUNDLED)[number]): Episode[] {
  return readCorpus([join(ROOT, 'corpora', `${name}.jsonl`)], { format: 'auto' }).episodes;
}

/** Construction label kind (harmful / benign / …) of each episode of a bundled suite, as a sampling stratum. */
export function bundledLabelKind(name: (typeof BUNDLED)[number]): (id: string) => string {
  const kinds = new Map(readLabels(join(ROOT, 'corpora', `${name}.labels.jsonl`)).labels.map((l) => [l.id, l.kind]));
  return (id) => kinds.get(id) ?? 'unlabelled';
}

/** Dense and per-episode columns of an outcome table, by name, for column-wise comparison. */
export function outcomeColumns(t: OutcomeTable): Record<string, ArrayLike<unknown>> {
  const cols: Record<string, ArrayLike<unknown>> = {
    ids: t.ids,
    groups: t.groups,
    steps: t.steps,
    taskCompleted: t.taskCompleted,
    unionFirstStep: t.unionFirstStep,
    stopStep: t.stopStep,
    executed: t.executed,
    lossUnion: t.lossUnion,
    lossCount: t.lossCount,
    success: t.success,
    scored: t.scored,
    ctxSelected: t.ctxSelected,
    ctxFull: t.ctxFull,
  };
  for (const k of LEDGER_CATEGORIES) cols[`loss_${k}`] = t.lossByCategory[k];
  return cols;
}

/**
 * Every column where the two tables differ, as "column: row r (episode id) a vs b" for the
 * first differing row, so a failure names the cell instead of dumping 10⁵ values.
 */
export function tableDifferences(a: OutcomeTable, b: OutcomeTable): string[] {
  const out: string[] = [];
  for (const key of ['method', 'G', 'n'] as const) if (a[key] !== b[key]) out.push(`${key}: ${a[key]} vs ${b[key]}`);
  if (JSON.stringify(a.grid) !== JSON.stringify(b.grid)) out.push('grid config differs');
  const ca = outcomeColumns(a),
    cb = outcomeColumns(b);
  for (const [name, x] of Object.entries(ca)) {
    const y = cb[name]!;
    if (x.length !== y.length) {
      out.push(`${name}: length ${x.length} vs ${y.length}`);
      continue;
    }
    const perEpisode = x.length === a.n;
    for (let r = 0; r < x.length; r++) {
      if (x[r] !== y[r]) {
        const e = perEpisode ? r : Math.floor(r / a.G);
        out.push(`${name}: row ${r} (episode ${a.ids[e]!}${perEpisode ? '' : `, grid ${r % a.G}`}) ${String(x[r])} vs ${String(y[r])}`);
        break;
      }
    }
  }
  return out;
}
