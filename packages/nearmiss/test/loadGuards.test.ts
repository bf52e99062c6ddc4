import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { carbPath } from '@carb/io';
import { GuardSpecError, loadGuards } from '../src/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'carb-guards-'));
function specFile(name: string, value: unknown): string {
  const f = join(dir, name);
  writeFileSync(f, typeof value === 'string' ? value : JSON.stringify(value));
  return f;
}
function errorOf(file: string): string {
  try {
    loadGuards(file);
  } catch (e) {
    expect(e).toBeInstanceOf(GuardSpecError);
    return (e as Error).message;
  }
  throw new Error('expected a GuardSpecError');
}
const check = { name: 'c', why: 'a policy line', needs: { tool: 'get_user_details', args: { user_id: '$args.user_id' } } };

describe('loadGuards', () => {
  it('the airline spec loads: the six mutating tools of tools.json', () => {
    const spec = loadGuards(carbPath('configs/guards/tau2-airline.json'));
    expect([...spec.guards.keys()].sort()).toEqual([
      'book_reservation',
      'cancel_reservation',
      'send_certificate',
      'update_reservation_baggages',
      'update_reservation_flights',
      'update_reservation_passengers',
    ]);
  });
  it('malformed JSON: one line naming the file', () => {
    const f = specFile('bad.json', '{"domain":');
    expect(errorOf(f)).toMatch(new RegExp(`^${f}: expected JSON, found malformed text \\(.*\\)$`));
  });
  it('a misspelled key: file, JSON pointer, and the key meant', () => {
    const f = specFile('typo.json', { domain: 'd', guards: { t: { checks: [{ ...check, need: check.needs, needs: undefined }] } } });
    expect(errorOf(f)).toBe(`${f}: /guards/t/checks/0/need: unknown key (an object); did you mean "needs"?`);
  });
  it('a wrong type: file, pointer, what was expected', () => {
    const f = specFile('type.json', { domain: 'd', guards: { t: { checks: [{ ...check, forEach: 3 }] } } });
    expect(errorOf(f)).toBe(`${f}: /guards/t/checks/0/forEach: expected a string, found number 3`);
  });
  it('a $source binding without a source, and $item without forEach: one line each', () => {
    const f = specFile('bind.json', {
      domain: 'd',
      guards: { t: { checks: [{ ...check, needs: { tool: 'x', args: { a: '$source.user_id', b: '$item.date' } } }] } },
    });
    expect(errorOf(f).split('\n')).toEqual([
      `${f}: /guards/t/checks/0/needs/args/a: expected a binding to $args, found "$source.user_id" (the check has no "source")`,
      `${f}: /guards/t/checks/0/needs/args/b: expected a binding to $args, found "$item.date" (the check has no "forEach")`,
    ]);
  });
});

describe('loadGuards: records and readings (issue 24)', () => {
  it('a record without its key, and a waiver reading $source without a source or $item outside `every`: one line each', () => {
    const waivedWhen = {
      all: [
        { value: '$source.cabin', equals: 'business' },
        { value: '$item.date', after: '2024-05-15' },
      ],
    };
    const f = specFile('records.json', {
      domain: 'd',
      records: { r: { readBy: ['a'], mutatedBy: ['b'] } },
      guards: { t: { checks: [{ ...check, readings: { substantive: { why: 'w', waivedWhen } } }] } },
    });
    expect(errorOf(f).split('\n')).toEqual([`${f}: /records/r/key: expected a value (required key), found nothing`]);
    const g = specFile('waiver.json', {
      domain: 'd',
      guards: { t: { checks: [{ ...check, readings: { substantive: { why: 'w', waivedWhen } } }] } },
    });
    expect(errorOf(g).split('\n')).toEqual([
      `${g}: /guards/t/checks/0/readings/substantive/waivedWhen/all/0/value: expected a binding to $args, found "$source.cabin"`,
      `${g}: /guards/t/checks/0/readings/substantive/waivedWhen/all/1/value: expected a binding to $args, found "$item.date"`,
    ]);
  });
  it('the airline spec: the reservation record and one substantive reading (the cancellation status check)', () => {
    const spec = loadGuards(carbPath('configs/guards/tau2-airline.json'));
    expect(spec.records.map((r) => [r.name, r.key])).toEqual([['reservation', 'reservation_id']]);
    const withReading = [...spec.guards].flatMap(([tool, checks]) =>
      checks.filter((c) => c.readings?.substantive).map((c) => `${tool}.${c.name}`),
    );
    expect(withReading).toEqual(['cancel_reservation.flight_status']);
  });
});
