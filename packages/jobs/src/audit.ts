import { basename } from 'node:path';
import {
  AUDIT_TYPING_PATH,
  BUILTIN_GUARDRAILS,
  auditPipeline,
  blockRates,
  builtinGuardrail,
  carbGate,
  decideAll,
  figure3Svg,
  humanAgreement,
  loadAuditTyping,
  probeStateAuditor,
  readAnnotations,
  readDecisions,
  readItems,
  readVerdicts,
  runAudit,
  summaryJson,
  table16Csv,
  table16Markdown,
  table1Csv,
  table1Markdown,
  type AuditItem,
  type AuditReport,
  type AuditTyping,
  type BlockRates,
  type BuiltinGuardrail,
  type GuardrailDecisions,
  type HumanAgreement,
  type ProbeRow,
} from '@carb/audit';
import { resolveGate, type GateChoiceArgs, type ResolvedGate } from '@carb/deploy';
import { UsageError, outputFolderProblem, writeOutputFolder } from '@carb/io';
import type { Pipeline } from '@carb/pipeline';
import { decisionShown, verdictShown } from './auditShown.ts';
import { AUDIT_RULE } from './auditTarget.ts';
import { holdingOutput } from './holdingOutput.ts';

/** The choices of `carb audit`, named as its flags. */
export interface AuditArgs extends GateChoiceArgs {
  items: string;
  guardrail?: string[];
  verdicts?: string;
  actionVerdicts?: string;
  tools?: string[];
  annotations?: string;
  probe: boolean;
  out: string;
  json: boolean;
  includeContent: boolean;
}

/** What summary.json adds to the audit's own summary, and the summary lines print. */
export interface AuditExtras {
  tools: string[];
  untypedTools: AuditReport['untyped'];
  contextOnlyCheck?: BlockRates;
  human?: HumanAgreement;
  probe?: ProbeRow[];
}

/** What `carb audit` wrote to `args.out`: the report, the extras and summary.json's object. */
export interface AuditResult {
  report: AuditReport;
  extras: AuditExtras;
  summary: Record<string, unknown>;
}

/** What the audit tells as it goes: resolveGate's notice, and warnings about the tool typing. */
export interface AuditEvents {
  notice: (text: string) => void;
  warning: (text: string) => void;
}

/** A decisions file rather than a built-in name: a path, or a .jsonl name. */
export const isDecisionsFile = (g: string): boolean => g.includes('/') || g.endsWith('.jsonl');

/** `carb audit`: the guardrails decided on the audit items, the report folder written (`args.out`, held locked). */
export async function audit(args: AuditArgs, events: AuditEvents): Promise<AuditResult> {
  const target = outputFolderProblem(args.out, AUDIT_RULE);
  if (target !== null) throw new UsageError(`--out: ${target}`);
  return holdingOutput(args.out, () => auditHeld(args, events));
}

/** Each guardrail's decisions: a decisions file, the calibrated gate, or a built-in. */
function guardrailDecisions(
  args: AuditArgs,
  gate: ResolvedGate | null,
  items: AuditItem[],
  context: { ids: string[]; pipeline: Pipeline; typing: AuditTyping },
): GuardrailDecisions[] {
  const { ids, pipeline, typing } = context;
  const names = args.guardrail ?? [...BUILTIN_GUARDRAILS, ...(gate !== null ? ['carb-gate'] : [])];
  return names.map((name) => {
    if (isDecisionsFile(name)) return { name: basename(name).replace(/\.jsonl$/, ''), decisions: readDecisions(name, ids) };
    if (name === 'carb-gate')
      return decideAll(carbGate(gate!.pipeline, gate!.row!.row.lambdaIndex, `carb-gate (${gate!.who}, α ${gate!.row!.row.alpha})`), items);
    return decideAll(builtinGuardrail(name as BuiltinGuardrail, pipeline, typing), items);
  });
}

async function auditHeld(args: AuditArgs, events: AuditEvents): Promise<AuditResult> {
  // the deploy row is resolved first: a missing row or a stale pipeline stops the command before the audit runs
  const gate = args.deploy !== undefined ? resolveGate(args) : null;
  if (gate?.notice) events.notice(gate.notice);
  const typing = loadAuditTyping(args.tools ?? [AUDIT_TYPING_PATH]);
  // the shipped default is named as the README names it, so summary.json does not depend on where carb is installed
  const typingNames = args.tools ?? ['configs/tools/latentriskbench.json'];
  if (typing.roles.size === 0)
    events.warning(
      `no audit roles in ${typingNames.join(', ')}: W reconstructs no state from any tool (see configs/tools/latentriskbench.json for the roles format)`,
    );
  const items = readItems(args.items);
  const ids = items.map((it) => it.task_id);
  const verdicts = args.verdicts === undefined ? undefined : readVerdicts(args.verdicts, ids);
  const actionVerdicts = args.actionVerdicts === undefined ? undefined : readVerdicts(args.actionVerdicts, ids);
  const annotations = args.annotations === undefined ? undefined : readAnnotations(args.annotations, ids);
  const pipeline = auditPipeline();
  const guardrails = guardrailDecisions(args, gate, items, { ids, pipeline, typing });
  const report = runAudit(items, guardrails, {
    ...(verdicts ? { verdicts, verdictsName: args.verdicts! } : {}),
    ...(actionVerdicts ? { actionVerdicts, actionVerdictsName: args.actionVerdicts! } : {}),
    pipeline,
    typing,
  });
  if (report.untyped.length > 0) {
    events.warning(
      `tools not typed in ${typingNames.join(', ')}: ${report.untyped.map((u) => `${u.tool} (${u.items} items)`).join(', ')}; W reads them as changing no state, the step rule as not outbound`,
    );
  }
  const contextRow = guardrails.find((g) => g.name === 'context-only');
  const extras: AuditExtras = {
    tools: typingNames,
    untypedTools: report.untyped,
    ...(contextRow ? { contextOnlyCheck: blockRates(items, contextRow.decisions) } : {}),
    ...(annotations ? { human: humanAgreement(items, annotations, new Map(report.verdicts.map((v) => [v.task_id, v]))) } : {}),
    ...(args.probe ? { probe: probeStateAuditor(items, pipeline, typing) } : {}),
  };
  const summary = { ...summaryJson(report), ...extras };
  const content = args.includeContent;
  await writeOutputFolder(args.out, AUDIT_RULE, [
    ['summary.json', `${JSON.stringify(summary, null, 2)}\n`],
    ['table1.md', table1Markdown(report)],
    ['table1.csv', table1Csv(report)],
    ['table16.md', table16Markdown(report)],
    ['table16.csv', table16Csv(report)],
    ['figure3.svg', figure3Svg(report)],
    ['verdicts.jsonl', report.verdicts.map((v) => `${JSON.stringify(verdictShown(v, content))}\n`).join('')],
    // each guardrail's decision per item, in item order: what RR, FPR and TSR were computed from
    ...guardrails.map(
      (g, k) =>
        [
          `decisions/${k + 1}-${g.name.replace(/[^A-Za-z0-9.-]+/g, '-').replace(/-+$/, '')}.jsonl`,
          items.map((it) => `${JSON.stringify(decisionShown(g.decisions.get(it.task_id), content))}\n`).join(''),
        ] as const,
    ),
  ]);
  return { report, extras, summary };
}
