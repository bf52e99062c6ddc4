import { toolTypes, type LedgerCategory, type Pipeline } from '@carb/pipeline';

/**
 * Ledger category of an injection-directed call on `tool`: security_event for the listed
 * security tools, else the first categoryByType entry whose type the tool has (the config lists
 * them by severity); null when the tool is a pure read, a private source or unknown (such calls
 * register nothing).
 */
export function toolCategory(tool: string, pipeline: Pipeline): LedgerCategory | null {
  if (pipeline.ledger.securityTools.includes(tool)) return 'security_event';
  const types = toolTypes(pipeline.toolTyping, tool);
  for (const { type, category } of pipeline.ledger.categoryByType) if (types.includes(type)) return category;
  return null;
}
