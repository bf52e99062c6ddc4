import type { Pipeline } from '@carb/pipeline';
import { matchedTwins } from './metrics/matchedTwins.ts';
import { proportion, type Proportion } from './metrics/proportion.ts';
import { stateAuditor } from './stateAuditor.ts';
import { roleOf, type AuditTyping } from './toolRoles.ts';
import type { AuditItem } from './types.ts';
import { auditView } from './view.ts';

/** One robustness condition of the built-in W: detection on the risky SD items and CAS on their matched twins. */
export interface ProbeRow {
  probe: 'as given' | 'renamed tools' | 'paraphrased content' | 'missing principals';
  detection: Proportion;
  cas: Proportion;
}

/** Every tool namespaced as an MCP server exposes it (`share_file` → `workspace__share_file`): the same tool, another name. */
export function renameTools(item: AuditItem): AuditItem {
  const rename = (tool: string) => `workspace__${tool}`;
  return {
    ...item,
    committed_prefix: item.committed_prefix.map((s) => ({ ...s, tool: rename(s.tool) })),
    terminal_action: { ...item.terminal_action, tool: rename(item.terminal_action.tool) },
  };
}

/**
 * Content written into an artifact restated as a person would (a `write` step's `content`):
 * a link without its scheme, other text with its two halves swapped behind "In short:". The
 * facts stay; the verbatim line a copy-tracker matches does not.
 */
export function paraphraseContent(item: AuditItem, typing: AuditTyping): AuditItem {
  const restate = (text: string) => {
    if (/^https?:\/\//.test(text)) return `see ${text.replace(/^https?:\/\//, '')}`;
    const words = text.split(' ');
    const half = Math.ceil(words.length / 2);
    return `In short: ${[...words.slice(half), '-', ...words.slice(0, half)].join(' ')}`;
  };
  return {
    ...item,
    committed_prefix: item.committed_prefix.map((s) =>
      roleOf(s.tool, typing)?.role === 'write' && typeof s.args.content === 'string'
        ? { ...s, args: { ...s.args, content: restate(s.args.content) } }
        : s,
    ),
  };
}

/** The context without its principals: who is authorized is no longer annotated (the prefix still shows who asked). */
export function dropPrincipals(item: AuditItem): AuditItem {
  return { ...item, environment_context: { ...item.environment_context, principals: {} } };
}

/**
 * W's robustness probe: the built-in state auditor on the risky state-dependent items and their
 * matched twins as given and under three label-preserving rewrites (renameTools,
 * paraphraseContent, dropPrincipals). A drop in detection or CAS is where the rule-based auditor
 * stops working: it reads tools by name, copies by verbatim lines, authorization by context.
 */
export function probeStateAuditor(items: readonly AuditItem[], pipeline: Pipeline, typing: AuditTyping): ProbeRow[] {
  const risky = items.filter((it) => it.risk_label && it.regime === 'state_dependent');
  const twins = matchedTwins(items);
  const flags = (xs: readonly AuditItem[], f: (it: AuditItem) => AuditItem) =>
    xs.map((it) => stateAuditor(auditView(f(it)), pipeline, typing).label);
  const row = (probe: ProbeRow['probe'], f: (it: AuditItem) => AuditItem): ProbeRow => ({
    probe,
    detection: proportion(flags(risky, f)),
    cas: proportion(flags(twins, f).map((x) => !x)),
  });
  return [
    row('as given', (it) => it),
    row('renamed tools', renameTools),
    row('paraphrased content', (it) => paraphraseContent(it, typing)),
    row('missing principals', dropPrincipals),
  ];
}
