import type { CommandModule } from 'yargs';
import { flagSpec, textSpec } from '../options/specs.ts';
import { includeContentSpec } from '../options/includeContent.ts';
import { textListOption } from '../options/text.ts';
import { UsageError } from '../options/usageError.ts';
import { checkGateChoice, gateChoiceOptions } from '../options/gateChoice.ts';
import { isDecisionsFile, type AuditArgs } from '@carb/jobs';

export type { AuditArgs };

/** Built-in guardrail names (BUILTIN_GUARDRAILS of @carb/audit, and the calibrated gate); repeated here so usage is checked before @carb/audit loads. */
export const AUDIT_GUARDRAILS = ['vanilla', 'context-only', 'keyword', 'step-rule', 'trajectory-rule', 'state-guard', 'carb-gate'] as const;

export const command: CommandModule<object, AuditArgs> = {
  command: 'audit <items>',
  describe: 'State-dependent risk audit (LatentRiskBench): D_action, D_state, SRG, CAS and guardrail residual risk on audit items',
  builder: (y) =>
    gateChoiceOptions(
      y
        .positional('items', {
          type: 'string',
          demandOption: true,
          describe: 'audit items JSONL (configs/schema/audit-item.schema.json), e.g. corpora/audit-general.jsonl',
        })
        .option('guardrail', {
          type: 'string',
          array: true,
          requiresArg: true,
          describe: `guardrails to evaluate (repeatable): ${AUDIT_GUARDRAILS.join(', ')}, or a decisions JSONL {task_id, decision} (default: every built-in, and carb-gate with --deploy)`,
          coerce: textListOption('--guardrail'),
        })
        .option(
          'verdicts',
          textSpec('verdicts', "verdicts JSONL {task_id, label, violated_policy} of any judge in the state auditor's role (W)"),
        )
        .option(
          'action-verdicts',
          textSpec(
            'action-verdicts',
            "verdicts JSONL {task_id, label, violated_policy} of any judge in the action-local evaluator's role (E)",
          ),
        )
        .option('tools', {
          type: 'string',
          array: true,
          requiresArg: true,
          describe:
            'tool-typing files whose tools and roles W and the guardrails read (repeatable; default configs/tools/latentriskbench.json)',
          coerce: textListOption('--tools'),
        })
        .option(
          'annotations',
          textSpec(
            'annotations',
            'human annotations JSONL {task_id, annotator, label}: inter-annotator κ and the state auditor against the majority, per stratum',
          ),
        )
        .option(
          'probe',
          flagSpec('robustness probe of the built-in W: detection and CAS with renamed tools, paraphrased content, missing principals'),
        )
        .option(
          'out',
          textSpec('out', 'report folder: summary.json, table1.md/.csv, table16.md/.csv, figure3.svg, verdicts.jsonl, decisions/*.jsonl', {
            required: true,
          }),
        )
        .option(
          'json',
          flagSpec('print the summary (dAction, dState, srg, mcnemarP, cas, wilson, per-guardrail rr, fpr, admission, ovr, tsr) as JSON'),
        )
        .option(
          'include-content',
          includeContentSpec(
            "the reconstructed state's values and evidence facts in verdicts.jsonl and a rewrite's arguments in decisions/*.jsonl",
          ),
        ),
    ).check((argv) => {
      const a = argv as unknown as AuditArgs;
      for (const g of a.guardrail ?? []) {
        if (!isDecisionsFile(g) && !(AUDIT_GUARDRAILS as readonly string[]).includes(g))
          throw new UsageError(`--guardrail: expected one of ${AUDIT_GUARDRAILS.join(', ')} or a decisions .jsonl file, found ${g}`);
      }
      if (a.guardrail?.includes('carb-gate') && a.deploy === undefined)
        throw new UsageError('--deploy: expected a deploy.json (with --method and --alpha) for --guardrail carb-gate, found none');
      checkGateChoice(a, { thresholdRequired: false });
      return true;
    }) as never,
  // the work, and the modules it needs, load only once the options have passed
  handler: async (args) => (await import('./audit.run.ts')).run(args),
};
