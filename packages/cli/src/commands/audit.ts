import { flag, includeContent, paths, required, text } from '../options/specs.ts';
import { UsageError } from '../options/usageError.ts';
import { GATE_CHOICE, checkGateChoice } from '../options/gateChoice.ts';
import { isDecisionsFile, type AuditArgs } from '@carb/jobs';
import { defineCommand } from './define.ts';

export type { AuditArgs };

/** Built-in guardrail names (BUILTIN_GUARDRAILS of @carb/audit, and the calibrated gate); repeated here so usage is checked before @carb/audit loads. */
export const AUDIT_GUARDRAILS = ['vanilla', 'context-only', 'keyword', 'step-rule', 'trajectory-rule', 'state-guard', 'carb-gate'] as const;

function check(a: AuditArgs): void {
  for (const g of a.guardrail ?? []) {
    if (!isDecisionsFile(g) && !(AUDIT_GUARDRAILS as readonly string[]).includes(g))
      throw new UsageError(`--guardrail: expected one of ${AUDIT_GUARDRAILS.join(', ')} or a decisions .jsonl file, found ${g}`);
  }
  if (a.guardrail?.includes('carb-gate') && a.deploy === undefined)
    throw new UsageError('--deploy: expected a deploy.json (with --method and --alpha) for --guardrail carb-gate, found none');
  checkGateChoice(a, { thresholdRequired: false });
}

const VERDICTS = 'verdicts JSONL {task_id, label, violated_policy} of any judge in the';

export const command = defineCommand<AuditArgs>({
  command: 'audit <items>',
  describe: 'State-dependent risk audit (LatentRiskBench): D_action, D_state, SRG, CAS and guardrail residual risk on audit items',
  options: {
    // checked by the job as it reads them (an unreadable path is a data error there)
    items: () => ({
      type: 'string',
      demandOption: true,
      describe: 'audit items JSONL (configs/schema/audit-item.schema.json), e.g. corpora/audit-general.jsonl',
    }),
    guardrail: paths(
      `guardrails to evaluate (repeatable): ${AUDIT_GUARDRAILS.join(', ')}, or a decisions JSONL {task_id, decision} (default: every built-in, and carb-gate with --deploy)`,
    ),
    verdicts: text(`${VERDICTS} state auditor's role (W)`),
    'action-verdicts': text(`${VERDICTS} action-local evaluator's role (E)`),
    tools: paths(
      'tool-typing files whose tools and roles W and the guardrails read (repeatable; default configs/tools/latentriskbench.json)',
    ),
    annotations: text(
      'human annotations JSONL {task_id, annotator, label}: inter-annotator κ and the state auditor against the majority, per stratum',
    ),
    probe: flag('robustness probe of the built-in W: detection and CAS with renamed tools, paraphrased content, missing principals'),
    out: required('report folder: summary.json, table1.md/.csv, table16.md/.csv, figure3.svg, verdicts.jsonl, decisions/*.jsonl'),
    json: flag('print the summary (dAction, dState, srg, mcnemarP, cas, wilson, per-guardrail rr, fpr, admission, ovr, tsr) as JSON'),
    'include-content': includeContent(
      "the reconstructed state's values and evidence facts in verdicts.jsonl and a rewrite's arguments in decisions/*.jsonl",
    ),
    ...GATE_CHOICE,
  },
  check,
  handler: async (args) => (await import('./audit.run.ts')).run(args),
});
