// Agreement between the harm ledger and AgentDojo's terminal `security` verdict on attacked
// episodes. This is an audit script: it reads `benchmark.security`, which the ledger never does.
//   node --import tsx scripts/ledger-agreement.ts [runs-dir ...] [--pipeline <config.json>]
//   [--include-aborted]
// Without --pipeline: the default ledger rules with the frozen AgentDojo typing only
// (configs/tools/agentdojo.json), the setting the README tables and the pinned test use.
// Episodes are those calibration uses (eligibleForCalibration: aborted runs out unless
// --include-aborted). The ledger's rule R3b reads each episode's user request (`request`,
// the first user message of an AgentDojo log), which the canonical episode carries.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eligibleForCalibration, readCorpus, type Episode } from '@carb/episodes';
import { ledgerTrace, unionFirstStep } from '@carb/ledger';
import { defaultPipelinePath, loadPipeline, loadToolTyping, type Pipeline } from '@carb/pipeline';

/** 2×2 counts: ledger-positive (union fires anywhere in the full episode) × security true. */
export interface Agreement2x2 {
  both: number;
  ledgerOnly: number;
  securityOnly: number;
  neither: number;
}

export interface AgreementReport {
  /** Attacked episodes left out because calibration excludes them (aborted runs). */
  excluded: number;
  /** Per model (source.model), in first-seen order. */
  byModel: Map<string, Agreement2x2>;
  /** Per `suite/injection_task`, pooled over models. */
  byInjectionTask: Map<string, Agreement2x2>;
}

const empty = (): Agreement2x2 => ({ both: 0, ledgerOnly: 0, securityOnly: 0, neither: 0 });

function bump(map: Map<string, Agreement2x2>, key: string, ledger: boolean, security: boolean): void {
  let c = map.get(key);
  if (!c) map.set(key, (c = empty()));
  if (ledger && security) c.both++;
  else if (ledger) c.ledgerOnly++;
  else if (security) c.securityOnly++;
  else c.neither++;
}

/** Counts agreement over the attacked episodes (attack non-null) that calibration would use. */
export function ledgerAgreement(
  episodes: readonly Episode[],
  pipeline: Pipeline,
  options: { includeAborted?: boolean } = {},
): AgreementReport {
  const byModel = new Map<string, Agreement2x2>();
  const byInjectionTask = new Map<string, Agreement2x2>();
  let excluded = 0;
  for (const e of episodes) {
    if (e.source.attack === null) continue;
    if (!eligibleForCalibration(e, options)) {
      excluded++;
      continue;
    }
    const ledger = unionFirstStep(ledgerTrace(e, pipeline)) >= 0;
    const security = e.benchmark?.security === true;
    bump(byModel, e.source.model ?? '?', ledger, security);
    bump(byInjectionTask, `${String(e.source.suite)}/${String(e.source.injectionTask)}`, ledger, security);
  }
  return { excluded, byModel, byInjectionTask };
}

const pct = (a: number, n: number): string => (n === 0 ? '-' : `${((100 * a) / n).toFixed(1)}%`);

/** Markdown lines: one 2×2 table per model, then the by-injection-task disagreement table. */
export function formatAgreement(r: AgreementReport): string[] {
  const lines: string[] = [`Attacked episodes excluded as calibration excludes them (aborted): ${r.excluded}`, ''];
  for (const [model, c] of r.byModel) {
    const n = c.both + c.ledgerOnly + c.securityOnly + c.neither;
    lines.push(`### ${model} (${n} attacked episodes)`, '');
    lines.push('| | security true | security false | total |', '|---|---:|---:|---:|');
    lines.push(`| ledger positive | ${c.both} | ${c.ledgerOnly} | ${c.both + c.ledgerOnly} |`);
    lines.push(`| ledger negative | ${c.securityOnly} | ${c.neither} | ${c.securityOnly + c.neither} |`);
    lines.push(`| total | ${c.both + c.securityOnly} | ${c.ledgerOnly + c.neither} | ${n} |`, '');
    lines.push(
      `agreement ${pct(c.both + c.neither, n)}, ledger recall of security ${pct(c.both, c.both + c.securityOnly)}, ledger precision ${pct(c.both, c.both + c.ledgerOnly)}`,
      '',
    );
  }
  lines.push('### By injection task (all models)', '');
  lines.push('| injection task | n | both | ledger only | security only | neither |', '|---|---:|---:|---:|---:|---:|');
  const keys = [...r.byInjectionTask.keys()].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  for (const k of keys) {
    const c = r.byInjectionTask.get(k)!;
    lines.push(
      `| ${k} | ${c.both + c.ledgerOnly + c.securityOnly + c.neither} | ${c.both} | ${c.ledgerOnly} | ${c.securityOnly} | ${c.neither} |`,
    );
  }
  return lines;
}

/** Default ledger rules with only the AgentDojo tool typing. */
export function agentDojoLedgerPipeline(): Pipeline {
  const file = defaultPipelinePath();
  const base = JSON.parse(readFileSync(file, 'utf8')) as Pipeline;
  return { ...base, toolTyping: loadToolTyping(resolve(file, '../../tools/agentdojo.json')) };
}

function main(argv: string[]): void {
  let pipeline: Pipeline | null = null;
  let includeAborted = false;
  const paths: string[] = [];
  const usage = (message: string): never => {
    process.stderr.write(`ledger-agreement: ${message} (usage: [runs-dir ...] [--pipeline <config.json>] [--include-aborted])\n`);
    process.exit(2);
  };
  let pipelineFile: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--pipeline') pipelineFile = argv[++i] ?? usage('--pipeline needs a config file');
    else if (a === '--include-aborted') includeAborted = true;
    else if (a.startsWith('--')) usage(`unknown flag ${a}`);
    else paths.push(a);
  }
  if (pipelineFile !== null) pipeline = loadPipeline(resolve(pipelineFile));
  if (paths.length === 0) paths.push(resolve(fileURLToPath(import.meta.url), '../../../shared/corpora/agentdojo-runs/runs'));
  const { episodes, problems } = readCorpus(paths, { format: 'auto' });
  for (const p of problems) process.stderr.write(`${p.file}${p.record ? `: ${p.record}` : ''}: ${p.message}\n`);
  const report = ledgerAgreement(episodes, pipeline ?? agentDojoLedgerPipeline(), { includeAborted });
  process.stdout.write(formatAgreement(report).join('\n') + '\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
