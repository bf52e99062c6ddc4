import { outputFolderProblem } from '@carb/io';
import { CORPUS, LEDGER, integer, parsed, pathList, required } from '../options/specs.ts';
import { checkLedgerArgs } from '../options/ledger.ts';
import { UsageError, badValue } from '../options/usageError.ts';
import { single } from '../options/single.ts';
import { GATE_CHOICE, checkGateChoice } from '../options/gateChoice.ts';
import { APPLY_RULE, type ApplyArgs } from '@carb/jobs';
import { defineCommand } from './define.ts';

export type { ApplyArgs };

/** --delta: a decimal in (0, 1). */
function parseLevel(flag: string, raw: unknown): number {
  const text = single(flag, raw);
  const x = typeof text === 'number' ? text : typeof text === 'string' && /^(0?\.\d+)$/.test(text.trim()) ? Number(text) : NaN;
  if (!(x > 0 && x < 1)) throw badValue(flag, 'a decimal in (0, 1) such as .05', text);
  return x;
}

function check(a: ApplyArgs): void {
  if (a.deploy === undefined)
    throw new UsageError('--deploy: expected the deploy.json of a calibration (with --method and --alpha), found nothing');
  checkGateChoice(a, { thresholdRequired: false });
  checkLedgerArgs(a);
  const problem = outputFolderProblem(a.out, APPLY_RULE);
  if (problem) throw new UsageError(`--out: ${problem}`);
}

export const command = defineCommand<ApplyArgs>({
  command: 'apply <logs..>',
  describe:
    'Run a deployed gate (a deploy.json row) over new logs: realized loss, intervention and success, and a label-free check that the logs still match the calibration',
  options: {
    ...LEDGER,
    ...GATE_CHOICE,
    logs: pathList('new logs: AgentDojo runs dir, .jsonl(.gz) or .arrow corpus'),
    out: required('output folder: episodes.arrow, episodes.csv, summary.json, index.html, manifest.json'),
    permutations: integer('permutations of the two-sample test (integer ≥ 1)', 1, 9999),
    seed: integer("seed of the permutations and of the conformal p-values' tie-breaking (non-negative integer)", 0, 0),
    delta: parsed("level of the shift test and the martingale's Ville alarm at 1/δ, in (0, 1)", parseLevel, { default: '.05' }),
    ...CORPUS,
  },
  check,
  handler: async (args) => (await import('./apply.run.ts')).run(args),
});
