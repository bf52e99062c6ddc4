import { basename } from 'node:path';
import {
  AUDIT_TYPING_PATH, BUILTIN_GUARDRAILS, auditPipeline, blockRates, carbGate, decideAll, figure3Svg, humanAgreement, loadAuditTyping, probeStateAuditor,
  readAnnotations, readDecisions, readItems, readVerdicts, runAudit, summaryJson, table16Csv, table16Markdown, table1Csv, table1Markdown, builtinGuardrail,
  type BuiltinGuardrail, type GuardrailDecisions,
} from '@carb/audit';
import { outputFolderProblem, printableLines, writeOutputFolder } from '@carb/io';
import { UsageError } from '../options/usageError.ts';
import { holdingOutput, AUDIT_RULE } from '@carb/jobs';
import { resolveGate } from '@carb/deploy';
import { isDecisionsFile, type AuditArgs } from './audit.ts';
import { auditLines } from './auditLines.ts';
import { decisionShown, verdictShown } from './auditShown.ts';

/** `carb audit`, once its options have passed. */
export async function run(args: AuditArgs): Promise<void> {
  const target = outputFolderProblem(args.out, AUDIT_RULE);
  if (target !== null) throw new UsageError(`--out: ${target}`);
  await holdingOutput(args.out, () => audit(args));
}

async function audit(args: AuditArgs): Promise<void> {
  // the deploy row is resolved first: a missing row or a stale pipeline stops the command before the audit runs
  const gate = args.deploy !== undefined ? resolveGate(args) : null;
  if (gate?.notice) process.stderr.write(`carb: ${gate.notice}\n`);
  const typingFiles = args.tools ?? [AUDIT_TYPING_PATH];
  const typing = loadAuditTyping(typingFiles);
  // the shipped default is named as the README names it, so summary.json does not depend on where carb is installed
  const typingNames = args.tools ?? ['configs/tools/latentriskbench.json'];
  if (typing.roles.size === 0) process.stderr.write(`${printableLines(`carb: warning: no audit roles in ${typingNames.join(', ')}: W reconstructs no state from any tool (see configs/tools/latentriskbench.json for the roles format)`)}
`);
  const items = readItems(args.items);
  const ids = items.map((it) => it.task_id);
  const verdicts = args.verdicts === undefined ? undefined : readVerdicts(args.verdicts, ids);
  const actionVerdicts = args['action-verdicts'] === undefined ? undefined : readVerdicts(args['action-verdicts'], ids);
  const annotations = args.annotations === undefined ? undefined : readAnnotations(args.annotations, ids);
  const pipeline = auditPipeline();
  const names = args.guardrail ?? [...BUILTIN_GUARDRAILS, ...(gate !== null ? ['carb-gate'] : [])];
  const guardrails: GuardrailDecisions[] = names.map((name) => {
    if (isDecisionsFile(name)) return { name: basename(name).replace(/\.jsonl$/, ''), decisions: readDecisions(name, ids) };
    if (name === 'carb-gate') return decideAll(carbGate(gate!.pipeline, gate!.row!.row.lambdaIndex, `carb-gate (${gate!.who}, α ${gate!.row!.row.alpha})`), items);
    return decideAll(builtinGuardrail(name as BuiltinGuardrail, pipeline, typing), items);
  });
  const report = runAudit(items, guardrails, {
    ...(verdicts ? { verdicts, verdictsName: args.verdicts! } : {}),
    ...(actionVerdicts ? { actionVerdicts, actionVerdictsName: args['action-verdicts']! } : {}),
    pipeline, typing,
  });
  const untypedNote = report.untyped.length === 0 ? null
    : `tools not typed in ${typingNames.join(', ')}: ${report.untyped.map((u) => `${u.tool} (${u.items} items)`).join(', ')}; W reads them as changing no state, the step rule as not outbound`;
  if (untypedNote !== null) process.stderr.write(`${printableLines(`carb: warning: ${untypedNote}`)}\n`);
  const contextRow = guardrails.find((g) => g.name === 'context-only');
  const extras = {
    tools: typingNames,
    untypedTools: report.untyped,
    ...(contextRow ? { contextOnlyCheck: blockRates(items, contextRow.decisions) } : {}),
    ...(annotations ? { human: humanAgreement(items, annotations, new Map(report.verdicts.map((v) => [v.task_id, v]))) } : {}),
    ...(args.probe ? { probe: probeStateAuditor(items, pipeline, typing) } : {}),
  };
  const summary = { ...summaryJson(report), ...extras };
  await writeOutputFolder(args.out, AUDIT_RULE, [
    ['summary.json', `${JSON.stringify(summary, null, 2)}\n`],
    ['table1.md', table1Markdown(report)],
    ['table1.csv', table1Csv(report)],
    ['table16.md', table16Markdown(report)],
    ['table16.csv', table16Csv(report)],
    ['figure3.svg', figure3Svg(report)],
    ['verdicts.jsonl', report.verdicts.map((v) => `${JSON.stringify(verdictShown(v, args['include-content']))}\n`).join('')],
    // each guardrail's decision per item, in item order: what RR, FPR and TSR were computed from
    ...guardrails.map((g, k) => [`decisions/${k + 1}-${g.name.replace(/[^A-Za-z0-9.-]+/g, '-').replace(/-+$/, '')}.jsonl`, items.map((it) => `${JSON.stringify(decisionShown(g.decisions.get(it.task_id), args['include-content']))}\n`).join('')] as const),
  ]);
  if (args.json) {
    process.stdout.write(`${printableLines(JSON.stringify(summary, null, 2))}\n`);
    return;
  }
  const lines = [...auditLines(args.items, report, extras), '', table1Markdown(report).trimEnd(), '', `wrote ${args.out}`];
  process.stdout.write(`${printableLines(lines.join('\n'))}\n`);
}
