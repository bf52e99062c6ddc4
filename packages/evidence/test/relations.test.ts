import { describe, expect, it } from 'vitest';
import { episode, graphAt, rel, step } from './helpers.ts';

// Each relation of g-carb App. B.2 on the smallest episode that shows it, with its limits.
describe('relation 1: same declared branch', () => {
  const steps = episode(
    step('list_items', {}, 'a', { branch: 'b-main' }),
    step('list_items', {}, 'b', { branch: 'b-side' }),
    step('list_items', {}, 'c', { branch: 'b-main' }),
  );
  it('links records with the same branch only', () => {
    const g = graphAt(steps, 2);
    expect(rel(g, 0, 2)).toEqual([1]);
    expect(rel(g, 1, 2)).toEqual([]);
    expect(g.parents(2)).toEqual([0]);
  });
});

describe('relation 2: shared object / data identifier', () => {
  it('links a result id field to a later argument field (≥ 4 chars)', () => {
    const steps = episode(step('list_items', {}, "- id_: 'abcd'\n  name: x"), step('create_note', { source: 'abcd' }));
    expect(rel(graphAt(steps, 1), 0, 1)).toEqual([2]);
  });
  it('a 3-character identifier does not link', () => {
    const steps = episode(step('list_items', {}, "- id_: 'abc'\n  name: x"), step('create_note', { source: 'abc' }));
    expect(graphAt(steps, 1).parents(1)).toEqual([]);
  });
  it('only fields whose name has an identifier word as a token prefix carry identifiers', () => {
    // `provider` contains "id" but no token starts with it; `notes` is no identifier field
    const steps = episode(step('list_items', {}, 'provider: acme-corp'), step('create_note', { notes: 'acme-corp' }));
    expect(graphAt(steps, 1).parents(1)).toEqual([]);
    const listed = episode(
      step('list_items', {}, 'recipients:\n- bob.smith@corp.example\n- carol@corp.example'),
      step('create_note', { recipient: 'carol@corp.example' }),
    );
    // the address is also an exact e-mail of the earlier result (relation 8)
    expect(rel(graphAt(listed, 1), 0, 1)).toEqual([2, 8]);
  });
  it('reads identifiers from dict reprs', () => {
    const steps = episode(
      step('list_items', {}, "{'message': 'Transaction 42 sent', 'id': 'tx-0042'}"),
      step('create_note', { object: 'tx-0042' }),
    );
    expect(rel(graphAt(steps, 1), 0, 1)).toEqual([2]);
  });
  it('links declared objects', () => {
    const steps = episode(
      step('list_items', {}, '', { objects: ['o1'] }),
      step('list_items', {}, '', { objects: ['o1'] }),
      step('list_items', {}, '', { objects: ['o2'] }),
    );
    const g = graphAt(steps, 2);
    expect(g.parents(1)).toEqual([0]);
    expect(g.parents(2)).toEqual([]);
  });
  it("an executed record's result identifiers add edges at commit, not while it is proposed", () => {
    const steps = episode(step('list_items', {}, 'account: acct-5555'), step('list_items', {}, 'account: acct-5555'), step('list_items'));
    expect(graphAt(steps, 1).parents(1)).toEqual([]);
    expect(rel(graphAt(steps, 2), 0, 1)).toEqual([2]);
  });
});

describe('relation 3: declared input produced earlier', () => {
  it('links an input handle to the record that declared it as output', () => {
    const steps = episode(
      step('list_items', {}, '', { outputs: ['h1'] }),
      step('list_items', {}, '', { outputs: ['h2'] }),
      step('create_note', {}, '', { inputs: ['h1'] }),
    );
    const g = graphAt(steps, 2);
    expect(rel(g, 0, 2)).toEqual([3]);
    expect(g.parents(2)).toEqual([0]);
  });
});

describe('relation 4: canary reappears in later arguments', () => {
  it('links a canary seen in earlier arguments, exact string only', () => {
    const steps = episode(
      step('create_note', { text: 'keep CANARY-ZZZ999' }, 'saved'),
      step('create_note', { text: 'keep CANARY-ZZZ998' }, 'saved'),
      step('send_email', { body: 'code CANARY-ZZZ999' }),
    );
    const g = graphAt(steps, 2);
    expect(rel(g, 0, 2)).toEqual([4]);
    expect(rel(g, 1, 2)).toEqual([]);
  });
  it('a canary seen in an earlier result also links by exact content (relation 8)', () => {
    const steps = episode(step('read_file', {}, 'secret CANARY-ABC123'), step('send_email', { body: 'CANARY-ABC123' }));
    expect(rel(graphAt(steps, 1), 0, 1)).toEqual([4, 8]);
  });
  it('a string shorter than the canary pattern is no canary', () => {
    const steps = episode(step('create_note', { text: 'CANARY-AB1' }), step('send_email', { body: 'CANARY-AB1' }));
    expect(graphAt(steps, 1).parents(1)).toEqual([]);
  });
});

describe('relation 5: financial action shares a transaction / account identifier', () => {
  const iban = 'GB29NWBK60161331926819';
  it('links an IBAN in earlier (free-text) arguments to a later financial action', () => {
    const steps = episode(step('create_note', { text: `pay ${iban} soon` }, 'ok'), step('send_money', { recipient: iban, amount: 5 }));
    expect(rel(graphAt(steps, 1), 0, 1)).toEqual([5]);
  });
  it('does not link a non-financial action by the same IBAN', () => {
    const steps = episode(step('create_note', { text: `pay ${iban} soon` }, 'ok'), step('list_items', { text: iban }));
    expect(graphAt(steps, 1).parents(1)).toEqual([]);
  });
  it('an IBAN in an earlier result links by relations 5 and 8', () => {
    const steps = episode(step('list_items', {}, `- amount: 10.0\n  sender: ${iban}`), step('send_money', { recipient: iban, amount: 5 }));
    expect(rel(graphAt(steps, 1), 0, 1)).toEqual([2, 5, 8]);
  });
});

describe('relation 6: irreversible action on the same visible object', () => {
  const steps = episode(
    step('list_items', {}, '- id_: file-2024\n  filename: notes.txt'),
    step('delete_file', { file_id: 'file-2024' }),
    step('create_note', { file_id: 'file-2024' }),
  );
  it('links an irreversible update to the record showing the object', () => {
    expect(rel(graphAt(steps, 1), 0, 1)).toEqual([2, 6]);
  });
  it('a non-irreversible action on the same object links by relation 2 only', () => {
    expect(rel(graphAt(steps, 2), 0, 2)).toEqual([2]);
  });
});

describe('relation 7: message/social action in the same thread', () => {
  const steps = episode(
    step('list_items', {}, 'thread: th-8812\nbody: hello'),
    step('post_message', { thread: 'th-8812', body: 'hi' }),
    step('create_note', { thread: 'th-8812' }),
  );
  it('links a message action to the record naming its thread', () => {
    expect(rel(graphAt(steps, 1), 0, 1)).toEqual([2, 7]);
  });
  it('a non-social action on the same thread links by relation 2 only', () => {
    expect(rel(graphAt(steps, 2), 0, 2)).toEqual([2]);
  });
});

describe('relation 8: exact distinctive content of an earlier result in later action fields', () => {
  const link = (result: string, args: Record<string, string>): number[] =>
    rel(graphAt(episode(step('get_webpage', {}, result), step('send_email', args)), 1), 0, 1);
  it('e-mail addresses, exact', () => {
    expect(link('Contact dora@gmail.com for info', { recipients: 'dora@gmail.com' })).toEqual([8]);
    expect(link('Contact dora@gmail.com for info', { body: 'write to dora@gmail.co' })).toEqual([]);
  });
  it('distinctive lines: ≥ 24 characters with a digit', () => {
    expect('Order 4471 ships Mondays'.length).toBe(24);
    expect(link('intro\nOrder 4471 ships Mondays\nbye', { body: 'FYI: Order 4471 ships Mondays. Thanks' })).toEqual([8]);
    expect(link('intro\nOrder 4471 ships Monday\nbye', { body: 'FYI: Order 4471 ships Monday. Thanks' })).toEqual([]);
    expect(link('intro\nOrder will ship on Monday morning\nbye', { body: 'FYI: Order will ship on Monday morning. Thanks' })).toEqual([]);
  });
  it('a YAML key prefix and quotes are not part of the line', () => {
    expect(link("subject: 'Meeting moved to 10:30 on Friday'", { body: 'Note: Meeting moved to 10:30 on Friday!' })).toEqual([8]);
  });
  it('lines are truncated to 80 characters', () => {
    const line = `Reference 7 ${'x'.repeat(68)}TAIL-DIFFERS`;
    expect(line.slice(0, 80)).toHaveLength(80);
    expect(link(line, { body: `see ${line.slice(0, 80)} and more` })).toEqual([8]);
  });
  it('general exact span: an argument value of ≥ 16 characters found in the result', () => {
    expect('n fox jumps over'.length).toBe(16);
    expect(link('The quick brown fox jumps over the dog', { subject: 'n fox jumps over' })).toEqual([8]);
    expect(link('The quick brown fox jumps over the dog', { subject: 'brown fox jumps' })).toEqual([]);
  });
  it('finds spans at every alignment of a long result', () => {
    const result = Array.from({ length: 40 }, (_, i) => `w${i}ord${i * 7}`).join('-');
    for (let s = 0; s + 16 <= result.length; s += 5) {
      expect(link(result, { subject: result.slice(s, s + 16 + (s % 3)) })).toEqual([8]);
    }
  });
  it('uses no temporal edges: unrelated consecutive records stay unlinked', () => {
    expect(link('nothing shared here at all', { body: 'a different text entirely' })).toEqual([]);
  });
});
