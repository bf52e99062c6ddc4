import type { EpisodeLabels } from './labels.ts';
import type { Episode } from './types.ts';

/** Counts and rates over one set of episodes (`carb inspect --json`). */
export interface GroupStats {
  episodes: number;
  /** Tool calls (steps) per episode. */
  steps: { total: number; mean: number; max: number };
  /** Episodes with no parsed tool call. */
  zeroStep: number;
  /** outcome.taskCompleted (AgentDojo `utility`). */
  utility: { true: number; rate: number };
  /** Episodes run under an attack (source.attack not null). */
  attacked: number;
  /** benchmark.security === true over attacked episodes only; rate null when none is attacked. */
  attackSuccess: { true: number; rate: number | null };
  flagged: { aborted: number; textOnlyCalls: number };
}

export interface InspectReport {
  episodes: number;
  overall: GroupStats;
  byModel: Record<string, GroupStats>;
  bySuite: Record<string, GroupStats>;
  /** Keyed by attack name, `none` for unattacked runs. */
  byAttack: Record<string, GroupStats>;
  byModelAttack: Record<string, Record<string, GroupStats>>;
  /** Tool calls whose tool is absent from the typing, by name. */
  unknownTools: Record<string, number>;
  /** Present when construction labels were read. */
  labels: { labelled: number; harmful: number; harmfulShare: number; unlabelled: number } | null;
}

const NONE = 'none';

function stats(eps: readonly Episode[]): GroupStats {
  let total = 0,
    max = 0,
    zero = 0,
    util = 0,
    attacked = 0,
    success = 0,
    aborted = 0,
    textOnly = 0;
  for (const e of eps) {
    const n = e.steps.length;
    total += n;
    if (n > max) max = n;
    if (n === 0) zero++;
    if (e.outcome.taskCompleted) util++;
    if (e.source.attack !== null) {
      attacked++;
      if (e.benchmark?.security === true) success++;
    }
    if (e.flags.aborted !== null) aborted++;
    if (e.flags.textOnlyCalls) textOnly++;
  }
  const n = eps.length;
  return {
    episodes: n,
    steps: { total, mean: n === 0 ? 0 : total / n, max },
    zeroStep: zero,
    utility: { true: util, rate: n === 0 ? 0 : util / n },
    attacked,
    attackSuccess: { true: success, rate: attacked === 0 ? null : success / attacked },
    flagged: { aborted, textOnlyCalls: textOnly },
  };
}

function groupBy(eps: readonly Episode[], key: (e: Episode) => string): Map<string, Episode[]> {
  const m = new Map<string, Episode[]>();
  for (const e of eps) {
    const k = key(e);
    const list = m.get(k);
    if (list) list.push(e);
    else m.set(k, [e]);
  }
  return new Map([...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function statsBy(eps: readonly Episode[], key: (e: Episode) => string): Record<string, GroupStats> {
  const out: Record<string, GroupStats> = {};
  for (const [k, list] of groupBy(eps, key)) out[k] = stats(list);
  return out;
}

/** Tool calls per tool name absent from `typing` (sorted by name). */
export function unknownToolCounts(eps: readonly Episode[], typing: Readonly<Record<string, unknown>>): Record<string, number> {
  const counts = new Map<string, number>();
  for (const e of eps) for (const s of e.steps) if (!Object.hasOwn(typing, s.tool)) counts.set(s.tool, (counts.get(s.tool) ?? 0) + 1);
  return Object.fromEntries([...counts.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * Corpus statistics for `carb inspect`: counts by model, suite and attack, step
 * counts, utility and attack-success rates, unknown tools, flags, and the harmful
 * share when construction labels are given.
 */
export function inspectCorpus(
  eps: readonly Episode[],
  typing: Readonly<Record<string, unknown>>,
  labels: readonly EpisodeLabels[] | null = null,
): InspectReport {
  const model = (e: Episode) => e.source.model ?? NONE;
  const attack = (e: Episode) => e.source.attack ?? NONE;
  const byModelAttack: Record<string, Record<string, GroupStats>> = {};
  for (const [m, list] of groupBy(eps, model)) byModelAttack[m] = statsBy(list, attack);
  let labelStats: InspectReport['labels'] = null;
  if (labels !== null) {
    const byId = new Map(labels.map((l) => [l.id, l]));
    let labelled = 0,
      harmful = 0;
    for (const e of eps) {
      const l = byId.get(e.id);
      if (l === undefined) continue;
      labelled++;
      if (l.harmful) harmful++;
    }
    labelStats = { labelled, harmful, harmfulShare: labelled === 0 ? 0 : harmful / labelled, unlabelled: eps.length - labelled };
  }
  return {
    episodes: eps.length,
    overall: stats(eps),
    byModel: statsBy(eps, model),
    bySuite: statsBy(eps, (e) => e.source.suite ?? NONE),
    byAttack: statsBy(eps, attack),
    byModelAttack,
    unknownTools: unknownToolCounts(eps, typing),
    labels: labelStats,
  };
}
