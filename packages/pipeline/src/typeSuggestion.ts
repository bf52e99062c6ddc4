import { TOOL_TYPES, type ToolType } from './types.ts';

/** Types a tool's name suggests, and the reason in words a reviewer can check; `types` is [] when no rule applies. */
export interface TypeSuggestion {
  readonly types: readonly ToolType[];
  readonly why: string;
}

const set = (...words: string[]) => new Set(words);

// Verbs and words whose meaning is plain from the name alone. A tool matches on its verb (the
// first word of its own name) and, for a few rules, on a word anywhere in the name.
const HANDOFF_VERBS = set('transfer', 'escalate', 'handoff', 'hand');
const PEOPLE = set('human', 'humans', 'agent', 'agents', 'operator', 'person', 'staff', 'support');
const PAY_VERBS = set('pay', 'transfer', 'refund', 'purchase', 'buy', 'order', 'charge', 'withdraw', 'deposit', 'donate', 'tip', 'wire');
const MONEY = set('money', 'payment', 'payments', 'transaction', 'transactions', 'funds', 'wire');
const SEND_VERBS = set(
  'send',
  'post',
  'email',
  'mail',
  'reply',
  'forward',
  'message',
  'tweet',
  'publish',
  'share',
  'invite',
  'notify',
  'sms',
);
const MESSAGE_VERBS = set('post', 'email', 'mail', 'reply', 'forward', 'message', 'tweet', 'publish', 'invite', 'notify', 'sms');
const MESSAGES = set('message', 'messages', 'email', 'emails', 'mail', 'sms', 'chat', 'dm', 'comment', 'reply', 'post', 'tweet', 'channel');
const DESTROY_VERBS = set(
  'delete',
  'remove',
  'cancel',
  'drop',
  'destroy',
  'erase',
  'purge',
  'revoke',
  'terminate',
  'wipe',
  'uninstall',
  'unsubscribe',
);
const OVERWRITE_VERBS = set('update', 'modify', 'change', 'edit', 'set', 'overwrite', 'replace', 'rename', 'reset');
const COMMIT_VERBS = set('book', 'reserve');
const READ_VERBS = set(
  'get',
  'read',
  'search',
  'list',
  'fetch',
  'find',
  'lookup',
  'look',
  'query',
  'view',
  'show',
  'check',
  'count',
  'retrieve',
  'browse',
  'describe',
);
const LOCAL_VERBS = set('calculate', 'compute', 'think');
const PRIVATE = set('private', 'personal', 'secret', 'confidential');
const MONEY_ARGS = set('payment', 'payments', 'amount', 'price', 'iban', 'currency', 'funds');

const has = (words: readonly string[], vocabulary: ReadonlySet<string>) => words.some((w) => vocabulary.has(w));

/**
 * Words of a tool's own name, lower-cased: a namespace prefix (`mcp__mail__send`, `bank.pay`,
 * `crm/get_user`) is dropped, and snake, kebab and camel case are split alike.
 */
function nameWords(tool: string): string[] {
  const own =
    tool
      .split(/__|[./:]/)
      .filter((s) => s !== '')
      .pop() ?? tool;
  return own
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

interface NameRule {
  types: readonly ToolType[];
  why: string;
  /** What a reviewer should weigh next, when no argument settled it. */
  hint?: string;
}

function nameRule(words: readonly string[]): NameRule {
  const verb = words[0] ?? '';
  const lead = `${verb}_`;
  if (HANDOFF_VERBS.has(verb) && has(words, PEOPLE)) {
    return { types: ['message_social'], why: `${lead}… to a person hands the conversation over: message_social (it moves no money)` };
  }
  if (PAY_VERBS.has(verb) || (has(words, MONEY) && !READ_VERBS.has(verb))) {
    return {
      types: ['financial', 'external_sink'],
      why: `${PAY_VERBS.has(verb) ? lead : 'a money word in the name'}: moves money, so financial, and external_sink as every financial tool (g-carb App. B.2)`,
    };
  }
  if (SEND_VERBS.has(verb)) {
    return MESSAGE_VERBS.has(verb) || has(words, MESSAGES)
      ? {
          types: ['external_sink', 'message_social'],
          why: `${lead}: sends a message outside the user's control: external_sink and message_social`,
        }
      : {
          types: ['external_sink'],
          why: `${lead}: sends or shares something outside the user's control: external_sink`,
          hint: 'add financial if what it sends is worth money',
        };
  }
  if (OVERWRITE_VERBS.has(verb) && words.includes('password')) {
    return { types: ['irreversible'], why: `${lead}password: locks out whoever held the old password: irreversible` };
  }
  if (DESTROY_VERBS.has(verb)) {
    return {
      types: ['irreversible'],
      why: `${lead}: destroys or locks out state that cannot be restored: irreversible`,
      hint: 'add financial and external_sink if it refunds or charges',
    };
  }
  if (OVERWRITE_VERBS.has(verb)) {
    return {
      types: ['irreversible'],
      why: `${lead}: overwrites stored state (the old value is gone): irreversible`,
      hint: 'add financial and external_sink if it charges or refunds, or type it read if the change is local and harmless',
    };
  }
  if (COMMIT_VERBS.has(verb)) {
    return {
      types: ['irreversible'],
      why: `${lead}: commits a booking (as agentdojo.json types reservations): irreversible`,
      hint: 'add financial and external_sink if it charges the user',
    };
  }
  if (READ_VERBS.has(verb) && has(words, PRIVATE)) {
    return { types: ['private_source'], why: `${lead}… private: returns records the name marks private: private_source` };
  }
  if (READ_VERBS.has(verb)) {
    return {
      types: ['read'],
      why: `${lead}: a lookup: read`,
      hint: "type it private_source instead if it returns the user's own records (profile, messages, files, payments)",
    };
  }
  if (LOCAL_VERBS.has(verb)) {
    return { types: ['read'], why: `${verb}: local computation with no effect outside: read` };
  }
  return { types: [], why: 'no naming rule applies: type it by hand' };
}

/**
 * A suggested typing of `tool` from its name alone (for `carb tools init`): a first guess
 * for a reviewer, never a frozen typing. Rules, in order: a hand-off to a person is
 * message_social; paying or moving money is financial and external_sink (the external-sink
 * type includes financial sinks, g-carb App. B.2); sending, posting or sharing is
 * external_sink, with message_social for messages; deleting, cancelling, removing and
 * password changes are irreversible, as are other overwrites (update_, set_, …) and
 * bookings (book_, reserve_, as agentdojo.json types reservations); lookups (get_, read_,
 * search_, list_, …) and local computation are read, and private_source only when the
 * name says private (read_private_*). Anything else gets [] (unknown). A tool that is not a
 * lookup, hand-off or message and takes a money argument (payment_id, amount, price, iban, …)
 * gets financial and external_sink as well. Types come in TOOL_TYPES order.
 */
export function suggestToolTypes(tool: string, args: Iterable<string> = []): TypeSuggestion {
  const rule = nameRule(nameWords(tool));
  const settled = rule.types.includes('read') || rule.types.includes('financial') || rule.types.includes('message_social');
  const money = settled ? undefined : [...args].sort().find((a) => has(nameWords(a), MONEY_ARGS));
  const types = new Set<ToolType>(rule.types);
  if (money !== undefined) types.add('financial').add('external_sink');
  const why =
    money !== undefined
      ? `${rule.types.length > 0 ? `${rule.why}; ` : ''}argument ${money}: it moves money, so financial and external_sink (g-carb App. B.2)`
      : `${rule.why}${rule.hint === undefined ? '' : `; ${rule.hint}`}`;
  return { types: TOOL_TYPES.filter((t) => types.has(t)), why };
}
