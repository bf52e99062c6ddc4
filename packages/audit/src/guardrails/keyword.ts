import { visibleText } from '../visibleText.ts';
import type { Guardrail } from './guardrail.ts';

/** The lexical block list: a few phrases, matched case-insensitively in the terminal action. */
export const KEYWORDS: readonly string[] = [
  'confidential',
  'password',
  'ignore previous instructions',
  'verify your account',
  'do not distribute',
];

/** Keyword guardrail (NeMo-style lexical rail): blocks a terminal action whose visible text holds a block-listed phrase. */
export const keyword: Guardrail = {
  name: 'keyword',
  sees: 'action',
  decide(item) {
    const text = `${item.terminal_action.tool}\n${visibleText(item.terminal_action.args)}`.toLowerCase();
    return { decision: KEYWORDS.some((k) => text.includes(k)) ? 'block' : 'allow' };
  },
};
