import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CommandModule } from 'yargs';
import { DEFAULT_ALPHAS, METHOD_ORDER, type SplitDataset } from '@carb/calibrate';
import { loadPipeline, type Pipeline } from '@carb/pipeline';
import { reportTargetProblem, table8, writeReport, writeReportSections, type ReportSection } from '@carb/report';
import { invocation } from '../argv.ts';
import { CARB_VERSION, labelsFor, runCalibrationJob } from '../calibrationJob.ts';
import { loadEpisodes } from '../loadEpisodes.ts';
import { textOption } from '../options/text.ts';
import { UsageError } from '../options/usageError.ts';

interface JobSection {
  slug: string;
  title: string;
  corpus: string;
  dataset: SplitDataset;
  splits: number;
}

interface JobFile {
  title: string;
  pipeline: string;
  out: string;
  sections: JobSection[];
}

interface MainArgs {
  job: string;
  out?: string;
  root: string;
  section?: string;
}

/** argv that re-runs exactly one section: the invocation with its --section replaced. */
function sectionArgv(slug: string): string[] {
  const argv: string[] = [];
  const given = invocation();
  for (let i = 0; i < given.length; i++) {
    if (given[i] === '--section') { i++; continue; }
    if (!given[i]!.startsWith('--section=')) argv.push(given[i]!);
  }
  return [...argv, '--section', slug];
}

async function runSection(root: string, s: JobSection, pipeline: Pipeline): Promise<ReportSection> {
  process.stderr.write(`carb: ${s.title}\n`);
  const paths = [resolve(root, s.corpus)];
  const episodes = loadEpisodes(paths, { format: 'jsonl' });
  const { report } = await runCalibrationJob({
    title: s.title, episodes, labels: labelsFor(paths), pipeline,
    methods: METHOD_ORDER.filter((m) => m !== 'executed-step-crc'), alphas: [...DEFAULT_ALPHAS], frontier: true,
    splits: s.splits, dataset: s.dataset, splitRng: 'python', baseSeed: 0, argv: sectionArgv(s.slug),
  });
  return { slug: s.slug, input: report };
}

export const command: CommandModule<object, MainArgs> = {
  command: 'main',
  describe: 'Run the main job (npm start): calibrate every method on the bundled constructed suites into ./out',
  builder: (y) =>
    y
      .option('job', { type: 'string', default: 'configs/jobs/default.json', coerce: textOption('--job'), describe: 'job file (relative to --root)' })
      .option('root', { type: 'string', default: '.', coerce: textOption('--root'), describe: 'project root the job paths are relative to' })
      .option('out', { type: 'string', coerce: textOption('--out'), describe: 'report directory (default: the job\'s; with --section, the section\'s folder in it)' })
      .option('section', { type: 'string', coerce: textOption('--section'), describe: 'run only this section of the job (its slug) into a report of its own' }) as never,
  handler: async (args) => {
    const root = resolve(args.root);
    const jobFile = resolve(root, args.job);
    if (!existsSync(jobFile)) throw new UsageError(`--job: expected a job file, found no file at ${jobFile}`);
    const job = JSON.parse(readFileSync(jobFile, 'utf8')) as JobFile;
    const only = args.section === undefined ? undefined : job.sections.find((s) => s.slug === args.section);
    if (args.section !== undefined && !only) {
      throw new UsageError(`--section: expected one of ${job.sections.map((s) => s.slug).join(', ')} (the sections of ${args.job}), found ${args.section}`);
    }
    const out = args.out ?? (only ? resolve(root, job.out, only.slug) : resolve(root, job.out));
    const outProblem = reportTargetProblem(out);
    if (outProblem) throw new UsageError(`--out: ${outProblem}`);
    const pipeline = loadPipeline(resolve(root, job.pipeline));
    if (only) {
      // a section re-run on its own writes the same bytes as in the full report: `carb verify out/<slug>` relies on it
      const { input } = await runSection(root, only, pipeline);
      const written = await writeReport(out, input);
      process.stdout.write(`manifest sha256 ${written.manifestHash}\nreport: ${join(out, 'index.html')}\n`);
      return;
    }
    const sections: ReportSection[] = [];
    for (const s of job.sections) sections.push(await runSection(root, s, pipeline));
    const groups = sections.map((s) => ({ label: s.input.title, rows: s.input.summary }));
    const t8 = table8(groups, { alpha: 0.1 });
    const written = await writeReportSections(out, {
      title: job.title,
      sections,
      tables: { 'Table 8 — constructed diagnostics at α = .10': t8 },
      command: { carbVersion: CARB_VERSION, argv: invocation() },
    });
    process.stdout.write(`${t8}\n\nmanifest sha256 ${written.manifestHash}\nreport: ${join(out, 'index.html')}\n`);
  },
};
