import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_BUDGETS, METHOD_ORDER, type MethodName, type SplitDataset } from '@carb/calibrate';
import { loadPipeline, type Pipeline } from '@carb/pipeline';
import {
  fmtAlpha,
  reportTargetProblem,
  sectionsTargetProblem,
  table4,
  table8,
  startPlotRenders,
  startPngRenderer,
  writeReport,
  writeReportSections,
  type ReportSection,
} from '@carb/report';
import { labelsFor, runCalibrationJob } from './calibrationJob.ts';
import { CARB_VERSION } from './carbVersion.ts';
import { loadEpisodes, readStats } from './loadEpisodes.ts';
import { NO_NOTICE, type Notice } from './notice.ts';
import { carbPath, jsonObjectAt, schemaIssues, schemaValidator, UsageError } from '@carb/io';
import { holdingOutput } from './holdingOutput.ts';

/** The choices of `carb main`, named as its flags. */
export interface MainArgs {
  job: string;
  out?: string;
  root: string;
  section?: string;
}

/** Where the main job tells its progress: each section as it starts, each section's degenerate-deployment warnings. */
export interface MainJobEvents {
  argv: string[];
  onSection(title: string): void;
  onWarnings(warnings: readonly string[]): void;
  /** Gets the input problem lines and what was left out (default: none; the command prints them on stderr). */
  onNotice?: Notice;
}

/** What `carb main` wrote: the report folder, its manifest's SHA-256, the cross-section tables (null for one section). */
export interface MainJobResult {
  out: string;
  manifestHash: string | undefined;
  tables: Record<string, string> | null;
}

interface JobSection {
  slug: string;
  title: string;
  /** A carb JSONL corpus, plain or gzip-compressed (.jsonl.gz). */
  corpus: string;
  dataset: SplitDataset;
  splits: number;
  /** Methods to calibrate (default: every method but executed-step CRC, which Table 4 of real logs needs). */
  methods?: MethodName[];
  /** Method → the corpus-specific cause of its odd cells, shown next to them in the report. */
  oddCellReasons?: Record<string, string>;
}

/** Budget of the constructed diagnostics (Table 8). */
const DIAGNOSTIC_ALPHA = 0.1;

interface JobFile {
  title: string;
  pipeline: string;
  out: string;
  sections: JobSection[];
}

/** configs/schema/job.schema.json, the contract of a job file. */
export const JOB_SCHEMA_PATH = carbPath('configs/schema/job.schema.json');

/**
 * Fills in job.schema.json's method list, the code's (the schema leaves it empty). Also applied
 * when the bundle precompiles the schema (packages/cli/bin/schemaPrecompile.ts).
 */
export function withMethodOrder(schema: Record<string, unknown>): void {
  jsonObjectAt(schema, '/properties/sections/items/properties/methods/items').enum = [...METHOD_ORDER];
}

/** The job file, checked against its schema: one line per problem naming the file, exit 2 (nothing run, nothing written). */
function readJobFile(file: string): JobFile {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new UsageError(`--job: ${file}: expected a JSON job file, found ${(e as Error).message}`);
  }
  const validate = schemaValidator(JOB_SCHEMA_PATH, withMethodOrder);
  const issues = schemaIssues(validate, raw);
  if (issues.length > 0) throw new UsageError(issues.map((i) => `--job: ${file}: ${i.replace(/^\/: /, '')}`).join('\n'));
  return raw as JobFile;
}

/** argv that re-runs exactly one section: the invocation with its --section replaced. */
function sectionArgv(given: readonly string[], slug: string): string[] {
  const argv: string[] = [];
  for (let i = 0; i < given.length; i++) {
    if (given[i] === '--section') {
      i++;
      continue;
    }
    if (!given[i]!.startsWith('--section=')) argv.push(given[i]!);
  }
  return [...argv, '--section', slug];
}

async function runSection(root: string, s: JobSection, pipeline: Pipeline, on: MainJobEvents): Promise<ReportSection> {
  on.onSection(s.title);
  const paths = [resolve(root, s.corpus)];
  const stats = readStats();
  const onNotice = on.onNotice ?? NO_NOTICE;
  const episodes = loadEpisodes(paths, { format: 'jsonl', stats, onNotice });
  const { report, warnings } = await runCalibrationJob({
    title: s.title,
    episodes,
    labels: labelsFor(paths, onNotice),
    pipeline,
    methods: s.methods ?? METHOD_ORDER.filter((m) => m !== 'executed-step-crc'),
    alphas: [...DEFAULT_BUDGETS],
    frontier: true,
    splits: s.splits,
    dataset: s.dataset,
    splitRng: 'python',
    baseSeed: 0,
    argv: sectionArgv(on.argv, s.slug),
    stats,
  });
  // the section's frontier rasterises on libuv's thread pool while the next section calibrates
  startPlotRenders(report);
  on.onWarnings(warnings);
  return { slug: s.slug, input: s.oddCellReasons ? { ...report, oddCellReasons: s.oddCellReasons } : report };
}

/** `carb main`: every section of the job file (or the one `--section`) calibrated into one report folder. */
export async function mainJob(args: MainArgs, on: MainJobEvents): Promise<MainJobResult> {
  const root = resolve(args.root);
  const jobFile = resolve(root, args.job);
  if (!existsSync(jobFile)) throw new UsageError(`--job: expected a job file, found no file at ${jobFile}`);
  const job = readJobFile(jobFile);
  const only = args.section === undefined ? undefined : job.sections.find((s) => s.slug === args.section);
  if (args.section !== undefined && !only) {
    throw new UsageError(
      `--section: expected one of ${job.sections.map((s) => s.slug).join(', ')} (the sections of ${args.job}), found ${args.section}`,
    );
  }
  const out = args.out ?? (only ? resolve(root, job.out, only.slug) : resolve(root, job.out));
  // the whole folder is never replaced: only the section folders and top files carb main writes
  const outProblem = only
    ? reportTargetProblem(out)
    : sectionsTargetProblem(
        out,
        job.sections.map((s) => s.slug),
      );
  if (outProblem) throw new UsageError(`--out: ${outProblem}`);
  return holdingOutput(out, () => runJob(root, job, only, out, on));
}

async function runJob(root: string, job: JobFile, only: JobSection | undefined, out: string, on: MainJobEvents): Promise<MainJobResult> {
  // every section's frontier PNG is rendered on a thread of its own: it loads while the first section is read
  startPngRenderer();
  const pipeline = loadPipeline(resolve(root, job.pipeline));
  if (only) {
    // a section re-run on its own writes the same bytes as in the full report: `carb verify out/<slug>` relies on it
    const { input } = await runSection(root, only, pipeline, on);
    const written = await writeReport(out, input);
    return { out, manifestHash: written.manifestHash, tables: null };
  }
  const sections: ReportSection[] = [];
  for (const s of job.sections) sections.push(await runSection(root, s, pipeline, on));
  // real logs read as Table 4 (per backbone), the constructed suites as Table 8 (per cohort)
  const groupsOf = (real: boolean) =>
    sections
      .filter((_, i) => (job.sections[i]!.dataset === 'agentdojo') === real)
      .map((s) => ({ label: s.input.title, rows: s.input.summary }));
  const tables: Record<string, string> = {};
  const real = groupsOf(true);
  if (real.length > 0) tables['Table 4 — real logs: selected operating points'] = table4(real);
  const constructed = groupsOf(false);
  if (constructed.length > 0)
    tables[`Table 8 — constructed diagnostics at α = ${fmtAlpha(DIAGNOSTIC_ALPHA)}`] = table8(constructed, { alpha: DIAGNOSTIC_ALPHA });
  const written = await writeReportSections(out, {
    title: job.title,
    sections,
    notes: [
      'Each section below links its own report, which opens with the thresholds to deploy (Deploy), the episodes read and the metric definitions. ' +
        'Real logs come first; the constructed suites test specific failure mechanisms at harm rates set by construction, so their results are descriptive (App. F).',
    ],
    tables,
    command: { carbVersion: CARB_VERSION, argv: on.argv },
  });
  return { out, manifestHash: written.manifestHash, tables };
}
