import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CommandModule } from 'yargs';
import { DEFAULT_ALPHAS, METHOD_ORDER, type SplitDataset } from '@carb/calibrate';
import { loadPipeline } from '@carb/pipeline';
import { table8, writeReportSections, type ReportSection } from '@carb/report';
import { invocation } from '../argv.ts';
import { CARB_VERSION, labelsFor, runCalibrationJob } from '../calibrationJob.ts';
import { loadEpisodes } from '../loadEpisodes.ts';

interface JobFile {
  title: string;
  pipeline: string;
  out: string;
  sections: Array<{ slug: string; title: string; corpus: string; dataset: SplitDataset; splits: number }>;
}

interface MainArgs {
  job: string;
  out?: string;
  root: string;
}

export const command: CommandModule<object, MainArgs> = {
  command: 'main',
  describe: 'Run the main job (npm start): calibrate every method on the bundled constructed suites into ./out',
  builder: (y) =>
    y
      .option('job', { type: 'string', default: 'configs/jobs/default.json', describe: 'job file (relative to --root)' })
      .option('root', { type: 'string', default: '.', describe: 'project root the job paths are relative to' })
      .option('out', { type: 'string', describe: 'report directory (default: the job\'s)' }) as never,
  handler: (args) => {
    const root = resolve(args.root);
    const job = JSON.parse(readFileSync(resolve(root, args.job), 'utf8')) as JobFile;
    const pipeline = loadPipeline(resolve(root, job.pipeline));
    const out = args.out ?? resolve(root, job.out);
    const sections: ReportSection[] = [];
    for (const s of job.sections) {
      process.stderr.write(`carb: ${s.title}\n`);
      const paths = [resolve(root, s.corpus)];
      const episodes = loadEpisodes(paths, { format: 'jsonl' });
      const { report } = runCalibrationJob({
        title: s.title, episodes, labels: labelsFor(paths), pipeline,
        methods: METHOD_ORDER.filter((m) => m !== 'executed-step-crc'), alphas: [...DEFAULT_ALPHAS], frontier: true,
        splits: s.splits, dataset: s.dataset, splitRng: 'python', baseSeed: 0, argv: invocation(),
      });
      sections.push({ slug: s.slug, input: report });
    }
    const groups = sections.map((s) => ({ label: s.input.title, rows: s.input.summary }));
    const t8 = table8(groups, { alpha: 0.1 });
    writeReportSections(out, {
      title: job.title,
      sections,
      tables: { 'Table 8 — constructed diagnostics at α = .10': t8 },
      command: { carbVersion: CARB_VERSION, argv: invocation() },
    });
    process.stdout.write(`${t8}\n\nreport: ${join(out, 'index.html')}\n`);
  },
};
