import { basename } from 'node:path';
import {
  BUILTIN_GUARDRAILS, auditPipeline, carbGate, decideAll, figure3Svg, readDecisions, readItems, readVerdicts, runAudit, summaryJson,
  table16Csv, table16Markdown, table1Csv, table1Markdown, builtinGuardrail, type BuiltinGuardrail, type GuardrailDecisions,
} from '@carb/audit';
import { outputFolderProblem, printableLines, writeOutputFolder } from '@carb/io';
import { UsageError } from '../options/usageError.ts';
import { holdingOutput } from '../holdingOutput.ts';
import { AUDIT_RULE } from './auditTarget.ts';
import { resolveGate } from '../gate/resolveGate.ts';
import { isDecisionsFile, type AuditArgs } from './audit.ts';
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
  const items = readItems(args.items);
  const ids = items.map((it) => it.task_id);
  const verdicts = args.verdicts === undefined ? undefined : readVerdicts(args.verdicts, ids);
  const pipeline = auditPipeline();
  const names = args.guardrail ?? [...BUILTIN_GUARDRAILS, ...(gate !== null ? ['carb-gate'] : [])];
  const guardrails: GuardrailDecisions[] = names.map((name) => {
    if (isDecisionsFile(name)) return { name: basename(name).replace(/\.jsonl$/, ''), decisions: readDecisions(name, ids) };
    if (name === 'carb-gate') return decideAll(carbGate(gate!.pipeline, gate!.row!.row.lambdaIndex, `carb-gate (${gate!.who}, α ${gate!.row!.row.alpha})`), items);
    return decideAll(builtinGuardrail(name as BuiltinGuardrail, pipeline), items);
  });
  const report = runAudit(items, guardrails, { ...(verdicts ? { verdicts, verdictsName: args.verdicts! } : {}), pipeline });
  const summary = summaryJson(report);
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
  const sd = report.gain.state_dependent;
  const two = (x: number | null | undefined) => (x === null || x === undefined ? '—' : x.toFixed(2));
  const lines = [
    `${args.items}: ${report.items} items; auditor ${report.auditor}`,
    sd === undefined ? 'no state-dependent risky items' : `SD: D_action ${two(sd.dAction.rate)} [${sd.wilson.dAction.map(two).join(', ')}], D_state ${two(sd.dState.rate)} [${sd.wilson.dState.map(two).join(', ')}], SRG ${two(sd.srg)}, McNemar p ${sd.mcnemarP.toExponential(1)}`,
    `CAS ${two(report.cas.rate)} (${report.cas.count}/${report.cas.n})`,
    '',
    table1Markdown(report).trimEnd(),
    '',
    `wrote ${args.out}`,
  ];
  process.stdout.write(`${printableLines(lines.join('\n'))}\n`);
}
