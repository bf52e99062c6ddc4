import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Episode } from '@carb/episodes';
import { printable, unreadableReason } from '@carb/io';
import {
  emptyFirstSteps,
  externalFirstSteps,
  parseLedgerEvents,
  unionFirstSteps,
  type FirstSteps,
  type ParsedLedgerEvents,
} from '@carb/ledger';
import { detectEpisode, loadGuards, type GuardSpec } from '@carb/nearmiss';
import { LATENT_POLICY_CATEGORY, type LedgerMode, type Pipeline, type UnlabelledPolicy } from '@carb/pipeline';
import { NO_NOTICE, type Notice } from './notice.ts';

/** Ledger first steps found outside the replay, for one episode's breakpoint row (mergeLedgerRow). */
export interface LedgerRow {
  steps: FirstSteps;
  /** Union with the built-in ledger's columns (true) or replace them. */
  keep: boolean;
}

/**
 * What a run reads beside the corpus, applied to each episode as it streams past: the episode
 * as replayed (external scores attached), its extra ledger row, or null to leave it out.
 */
export interface EpisodeSources {
  admit(episode: Episode): { episode: Episode; ledger: LedgerRow | null } | null;
  /** Once the whole corpus is read: reports what needs all of it (ids no episode has), throws on a refused input. */
  finish(): void;
  /** Episodes left out, by reason (the report's corpus statistics). */
  excluded(): Array<{ reason: string; count: number }>;
}

/** A file's bytes as text with their SHA-256 (what the pipeline hash pins), or an error naming the flag. */
export function readPinned(flag: string, file: string): { text: string; sha256: string } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    throw new Error(`${flag} ${file}: expected a readable file, found ${unreadableReason(e)}`);
  }
  return { text: bytes.toString('utf8'), sha256: createHash('sha256').update(bytes).digest('hex') };
}

export interface LedgerSourceOptions {
  pipeline: Pipeline;
  mode: LedgerMode;
  eventsFile?: string;
  unlabelled?: UnlabelledPolicy;
  /** Fail on any refused line (otherwise it is reported, counted and left out). */
  strict: boolean;
  /** Gets each problem line and what was left out (default: none; the CLI prints them on stderr). */
  onNotice?: Notice;
}

/** The options' notice, its lines made printable (the file's ids and messages are its author's text). */
const warnOf = (o: LedgerSourceOptions) => {
  const onNotice = o.onNotice ?? NO_NOTICE;
  return (line: string): void => onNotice(printable(line));
};

/** The near-miss detector's first unchecked mutating call, as the custom category's first step. */
function latentFirstStep(spec: GuardSpec, episode: Episode): number {
  let first = -1;
  for (const f of detectEpisode(episode, spec).failures) if (first < 0 || f.step < first) first = f.step;
  return first;
}

/** The events file read, its problems reported (fatal with `strict`), and the pipeline with its pin (SHA-256, mode, unlabelled policy). */
function readEventsFile(
  o: LedgerSourceOptions,
  file: string,
  custom: Parameters<typeof parseLedgerEvents>[2],
): { parsed: ParsedLedgerEvents; pipeline: Pipeline } {
  const { text, sha256 } = readPinned('--ledger-events', file);
  const parsed = parseLedgerEvents(text, file, custom);
  const warn = warnOf(o);
  for (const p of parsed.problems) warn(p);
  if (o.strict && parsed.problems.length) throw new Error(`${parsed.problems.length} problem(s) in ${file} (--strict)`);
  const mode = o.mode as Exclude<typeof o.mode, 'builtin'>;
  return {
    parsed,
    pipeline: { ...o.pipeline, ledger: { ...o.pipeline.ledger, source: { mode, eventsSha256: sha256, unlabelled: o.unlabelled ?? null } } },
  };
}

/**
 * The ledger a run calibrates on, when it is more than the built-in rules: an external events
 * file (--ledger external|union) and/or the pipeline's latent-policy category. Returns the
 * pipeline with the ledger source pinned (events file SHA-256, mode, unlabelled policy) and the
 * per-episode sources; null sources when the built-in ledger alone applies. Problems in the file
 * are one `file:line: expected …` notice line each; with `strict` any of them fails the run before
 * anything is written.
 */
export function ledgerSources(o: LedgerSourceOptions): { pipeline: Pipeline; sources: EpisodeSources | null } {
  const latent = o.pipeline.ledger.latentPolicy;
  const custom = o.pipeline.ledger.customCategories ?? [];
  if (o.mode === 'builtin' && !latent) return { pipeline: o.pipeline, sources: null };
  const spec: GuardSpec | null = latent ? loadGuards(latent.guards) : null;
  const file = o.eventsFile ?? '';
  const { parsed, pipeline } = o.mode === 'builtin' ? { parsed: null, pipeline: o.pipeline } : readEventsFile(o, file, custom);
  const warn = warnOf(o);
  const seen = new Set<string>();
  let problems = parsed?.problems.length ?? 0;
  let unlabelled = 0;
  const sources: EpisodeSources = {
    admit(episode) {
      const steps = episode.steps.length;
      let own: FirstSteps = emptyFirstSteps(custom);
      if (spec) own.customFirstStep![LATENT_POLICY_CATEGORY] = latentFirstStep(spec, episode);
      if (!parsed) return { episode, ledger: { steps: own, keep: true } };
      const line = parsed.byId.get(episode.id);
      let external: FirstSteps | null = null;
      if (line) {
        seen.add(episode.id);
        const r = externalFirstSteps(line, steps, file, custom);
        if (typeof r === 'string') {
          warn(r);
          problems++;
        } else {
          external = r;
        }
      }
      if (external === null) {
        unlabelled++;
        if (o.unlabelled === 'exclude') return null;
        external = emptyFirstSteps(custom);
      }
      // external mode: the file is the whole ledger; union: either source fires, the earlier step first
      if (o.mode === 'external') return { episode, ledger: { steps: external, keep: false } };
      if (spec) own = unionFirstSteps(own, external);
      return { episode, ledger: { steps: spec ? own : external, keep: true } };
    },
    finish() {
      if (!parsed) return;
      for (const [id, line] of parsed.byId) {
        if (seen.has(id)) continue;
        warn(`${file}:${line.line}: /id: expected the id of an episode in the corpus, found "${id}"`);
        problems++;
      }
      if (o.strict && problems) throw new Error(`${problems} problem(s) in ${file} (--strict)`);
      if (problems) warn(`carb: ${problems} line(s) of ${file} left out (see above; --strict to fail instead)`);
      if (unlabelled)
        warn(
          `carb: ${unlabelled} episode(s) without a line in ${file}: ${o.unlabelled === 'exclude' ? 'excluded' : 'taken as harmless'} (--unlabelled ${String(o.unlabelled)})`,
        );
    },
    excluded: () => (o.unlabelled === 'exclude' && unlabelled ? [{ reason: 'no ledger events line', count: unlabelled }] : []),
  };
  return { pipeline, sources };
}

/** Both sources in turn (the first may change the episode the second sees); null when neither acts. */
export function bothSources(a: EpisodeSources | null, b: EpisodeSources | null): EpisodeSources | null {
  if (!a || !b) return a ?? b;
  return {
    admit(episode) {
      const first = a.admit(episode);
      if (!first) return null;
      const second = b.admit(first.episode);
      if (!second) return null;
      return { episode: second.episode, ledger: second.ledger ?? first.ledger };
    },
    finish() {
      a.finish();
      b.finish();
    },
    excluded: () => [...a.excluded(), ...b.excluded()],
  };
}
