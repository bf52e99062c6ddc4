import { describe, expect, it } from 'vitest';
import type { JsonObject } from '@carb/episodes';
import { carbPath } from '@carb/io';
import { detectEpisode, loadGuards } from '../src/index.ts';
import { directResult, flight, onestopResult, reservation, trajectory, type Call } from './trajectory.ts';

const spec = loadGuards(carbPath('configs/guards/tau2-airline.json'));

/** "step:check" of every latent failure, with the first needed call's tool and arguments. */
function flags(calls: Call[]): string[] {
  return detectEpisode(trajectory(calls), spec).failures.map(
    (f) => `${f.step}:${f.check}:${f.needed[0]!.tool}(${JSON.stringify(f.needed[0]!.args)})`,
  );
}

const U = 'ana_lee_1';
const R = 'ABC123';
const F1 = flight('HAT001', '2024-05-20');
const F2 = flight('HAT002', '2024-05-22', 'LAX', 'JFK');
const details: Call = { tool: 'get_reservation_details', args: { reservation_id: R }, result: reservation(R, U, [F1, F2]) };
const user: Call = {
  tool: 'get_user_details',
  args: { user_id: U },
  result: { user_id: U, membership: 'gold', payment_methods: { credit_card_1: {} } },
};
const status = (n: string, date: string): Call => ({ tool: 'get_flight_status', args: { flight_number: n, date }, result: 'available' });

describe('book_reservation', () => {
  const book: Call = {
    tool: 'book_reservation',
    args: {
      user_id: U,
      origin: 'JFK',
      destination: 'LAX',
      flight_type: 'one_way',
      cabin: 'economy',
      flights: [{ flight_number: 'HAT001', date: '2024-05-20' }],
      passengers: [],
      payment_methods: [{ payment_id: 'credit_card_1', amount: 100 }],
      total_baggages: 0,
      nonfree_baggages: 0,
      insurance: 'no',
    },
    result: reservation('NEW001', U, [F1]),
  };
  const search: Call = {
    tool: 'search_direct_flight',
    args: { origin: 'JFK', destination: 'LAX', date: '2024-05-20' },
    result: directResult('HAT001', 'HAT009'),
  };

  it('checked: profile, flight status and a search listing the flight → no flag', () => {
    expect(flags([user, search, status('HAT001', '2024-05-20'), book])).toEqual([]);
  });
  it('bypassed: only the profile read → flight status and seats flagged, with the flight they needed', () => {
    expect(flags([user, book])).toEqual([
      '1:flight_status:get_flight_status({"flight_number":"HAT001","date":"2024-05-20"})',
      '1:seats_available:search_direct_flight({"date":"2024-05-20"})',
    ]);
  });
  it('equivalent: a one-stop search listing the flight on that date stands for status and seats → no flag', () => {
    const onestop: Call = {
      tool: 'search_onestop_flight',
      args: { origin: 'JFK', destination: 'SFO', date: '2024-05-20' },
      result: onestopResult(['HAT001', '2024-05-20'], ['HAT077', '2024-05-21']),
    };
    expect(flags([user, onestop, book])).toEqual([]);
  });
  it("wrong: another user's profile, and a search of another date → flagged", () => {
    const other: Call = { ...user, args: { user_id: 'bob_2' } };
    const otherDay: Call = { ...search, args: { origin: 'JFK', destination: 'LAX', date: '2024-05-21' } };
    expect(flags([other, otherDay, book])).toEqual([
      '2:user_profile_and_payment:get_user_details({"user_id":"ana_lee_1"})',
      '2:flight_status:get_flight_status({"flight_number":"HAT001","date":"2024-05-20"})',
      '2:seats_available:search_direct_flight({"date":"2024-05-20"})',
    ]);
  });
});

describe('cancel_reservation', () => {
  const cancel: Call = {
    tool: 'cancel_reservation',
    args: { reservation_id: R },
    result: reservation(R, U, [F1, F2], { status: 'cancelled' }),
  };

  it('checked: details, then the status of each of its flights → no flag', () => {
    expect(flags([details, status('HAT001', '2024-05-20'), status('HAT002', '2024-05-22'), cancel])).toEqual([]);
  });
  it('bypassed: details only → the status of each flight of that reservation is flagged', () => {
    expect(flags([details, cancel])).toEqual([
      '1:flight_status:get_flight_status({"flight_number":"HAT001","date":"2024-05-20"})',
      '1:flight_status:get_flight_status({"flight_number":"HAT002","date":"2024-05-22"})',
    ]);
  });
  it('bypassed entirely: no details → flagged, and the flight check says it could not be bound', () => {
    const f = detectEpisode(trajectory([cancel]), spec).failures;
    expect(f.map((x) => x.check)).toEqual(['reservation_details', 'flight_status']);
    // the note names the call and its argument names, never their values (privacy: logs hold personal data)
    expect(f[1]!.unresolved).toContain('no successful get_reservation_details(reservation_id) or ');
    expect(f[1]!.unresolved).not.toContain('ABC123');
  });
  it('equivalent: a direct search listing one flight on its date, a status call for the other → no flag', () => {
    const search: Call = {
      tool: 'search_direct_flight',
      args: { origin: 'JFK', destination: 'LAX', date: '2024-05-20' },
      result: directResult('HAT001'),
    };
    expect(flags([details, search, status('HAT002', '2024-05-22'), cancel])).toEqual([]);
  });
  it('wrong: the status of a flight on another date, and details of another reservation → flagged', () => {
    expect(flags([details, status('HAT001', '2024-05-20'), status('HAT002', '2024-05-23'), cancel])).toEqual([
      '3:flight_status:get_flight_status({"flight_number":"HAT002","date":"2024-05-22"})',
    ]);
    const otherDetails: Call = {
      tool: 'get_reservation_details',
      args: { reservation_id: 'ZZZ999' },
      result: reservation('ZZZ999', U, [F1, F2]),
    };
    // which flights to check is unknown without this reservation's details: unmet too
    expect(
      flags([otherDetails, status('HAT001', '2024-05-20'), status('HAT002', '2024-05-22'), cancel]).map((s) => s.split('(')[0]),
    ).toEqual(['3:reservation_details:get_reservation_details', '3:flight_status:get_flight_status']);
  });
});

describe('update_reservation_baggages', () => {
  const bags: Call = {
    tool: 'update_reservation_baggages',
    args: { reservation_id: R, total_baggages: 2, nonfree_baggages: 0, payment_id: 'credit_card_1' },
    result: reservation(R, U, [F1, F2], { total_baggages: 2 }),
  };

  it("checked: details, then the profile of the reservation's user → no flag", () => {
    expect(flags([details, user, bags])).toEqual([]);
  });
  it('bypassed: details only → the profile of the user the reservation names is flagged', () => {
    expect(flags([details, bags])).toEqual(['1:user_profile_and_payment:get_user_details({"user_id":"ana_lee_1"})']);
  });
  it('equivalent: the reservation as returned by an earlier flight update on it stands for its details, and names its user → no flag', () => {
    const upd: Call = {
      tool: 'update_reservation_flights',
      args: { reservation_id: R, cabin: 'economy', flights: [], payment_id: 'credit_card_1' },
      result: reservation(R, U, [F1, F2]),
    };
    expect(flags([user, upd, bags]).filter((s) => s.startsWith('2:'))).toEqual([]);
  });
  it("wrong: details of another reservation and another user's profile → flagged", () => {
    const otherDetails: Call = {
      tool: 'get_reservation_details',
      args: { reservation_id: 'ZZZ999' },
      result: reservation('ZZZ999', 'bob_2', [F1]),
    };
    const otherUser: Call = { ...user, args: { user_id: 'bob_2' } };
    expect(flags([otherDetails, otherUser, bags]).map((s) => s.split('(')[0])).toEqual([
      '2:reservation_details:get_reservation_details',
      '2:user_profile_and_payment:get_user_details',
    ]);
  });
});

describe('update_reservation_flights', () => {
  const NEW = { flight_number: 'HAT050', date: '2024-05-24' };
  const upd: Call = {
    tool: 'update_reservation_flights',
    args: {
      reservation_id: R,
      cabin: 'economy',
      flights: [{ flight_number: 'HAT001', date: '2024-05-20' }, NEW],
      payment_id: 'credit_card_1',
    },
    result: reservation(R, U, [F1, flight('HAT050', '2024-05-24')]),
  };
  const search: Call = {
    tool: 'search_direct_flight',
    args: { origin: 'LAX', destination: 'JFK', date: '2024-05-24' },
    result: directResult('HAT050'),
  };

  it('checked: details, profile, status and a search listing the new flight; the kept flight is in the details → no flag', () => {
    expect(flags([details, user, search, status('HAT050', '2024-05-24'), upd])).toEqual([]);
  });
  it("bypassed: details and profile only → the new flight's status and seats flagged, not the kept one", () => {
    expect(flags([details, user, upd])).toEqual([
      '2:flight_status:get_flight_status({"flight_number":"HAT050","date":"2024-05-24"})',
      '2:seats_available:search_direct_flight({"date":"2024-05-24"})',
    ]);
  });
  it("equivalent: the search alone stands for the new flight's status → no flag", () => {
    expect(flags([details, user, search, upd])).toEqual([]);
  });
  it('a cabin change on kept flights: the details no longer stand for seats in the new cabin → flagged', () => {
    const upgrade: Call = {
      tool: 'update_reservation_flights',
      args: {
        reservation_id: R,
        cabin: 'business',
        flights: [
          { flight_number: 'HAT001', date: '2024-05-20' },
          { flight_number: 'HAT002', date: '2024-05-22' },
        ],
        payment_id: 'credit_card_1',
      },
      result: reservation(R, U, [F1, F2], { cabin: 'business' }),
    };
    expect(flags([details, user, upgrade]).map((s) => s.split('(')[0])).toEqual([
      '2:seats_available:search_direct_flight',
      '2:seats_available:search_direct_flight',
    ]);
    expect(flags([details, user, { ...upgrade, args: { ...upgrade.args, cabin: 'economy' } }])).toEqual([]);
  });
  it('wrong: a search of the right date that does not list the new flight → flagged', () => {
    const wrong: Call = { ...search, result: directResult('HAT051') };
    expect(flags([details, user, wrong, upd]).map((s) => s.split('(')[0])).toEqual([
      '3:flight_status:get_flight_status',
      '3:seats_available:search_direct_flight',
    ]);
  });
});

describe('update_reservation_passengers', () => {
  const pax: Call = {
    tool: 'update_reservation_passengers',
    args: { reservation_id: R, passengers: [{ first_name: 'Ana', last_name: 'Li', dob: '1990-01-01' }] },
    result: reservation(R, U, [F1, F2]),
  };

  it('checked: details of the reservation → no flag', () => {
    expect(flags([details, pax])).toEqual([]);
  });
  it('bypassed: no read at all → flagged', () => {
    expect(flags([pax])).toEqual(['0:reservation_details:get_reservation_details({"reservation_id":"ABC123"})']);
  });
  it('equivalent: the same id retyped in lower case with spaces, or an earlier baggage update of it → no flag', () => {
    expect(flags([{ ...details, args: { reservation_id: ' abc123 ' } }, pax])).toEqual([]);
    const bags: Call = {
      tool: 'update_reservation_baggages',
      args: { reservation_id: R, total_baggages: 1, nonfree_baggages: 0, payment_id: 'credit_card_1' },
      result: reservation(R, U, [F1, F2]),
    };
    expect(flags([bags, pax]).filter((s) => s.startsWith('1:'))).toEqual([]);
  });
  it('wrong: details of another reservation, or a details call that failed → flagged', () => {
    expect(flags([{ ...details, args: { reservation_id: 'ABC124' } }, pax])).toHaveLength(1);
    expect(flags([{ ...details, error: 'Error: Reservation ABC123 not found' }, pax])).toHaveLength(1);
  });
});

describe('send_certificate', () => {
  const cert: Call = {
    tool: 'send_certificate',
    args: { user_id: U, amount: 100 },
    result: `Certificate certificate_1 added to user ${U} with amount 100.`,
  };

  it("checked: the user's profile and one of their reservations → no flag", () => {
    expect(flags([user, details, cert])).toEqual([]);
  });
  it('bypassed: no read → membership and reservation facts flagged', () => {
    expect(flags([cert]).map((s) => s.split('(')[0])).toEqual([
      '0:membership:get_user_details',
      '0:reservation_facts:get_reservation_details',
    ]);
  });
  it("equivalent: the reservation facts as returned by cancelling one of the user's reservations → no flag", () => {
    const cancel: Call = {
      tool: 'cancel_reservation',
      args: { reservation_id: R },
      result: reservation(R, U, [F1, F2], { status: 'cancelled' }),
    };
    expect(flags([user, cancel, cert]).filter((s) => s.startsWith('2:'))).toEqual([]);
  });
  it('wrong: a reservation of another user → flagged', () => {
    const other: Call = {
      tool: 'get_reservation_details',
      args: { reservation_id: 'ZZZ999' },
      result: reservation('ZZZ999', 'bob_2', [F1]),
    };
    expect(flags([user, other, cert])).toEqual(['2:reservation_facts:get_reservation_details({})']);
  });
});

describe('only executed mutating calls are audited', () => {
  it('a failed mutating call is not a latent failure', () => {
    const f = detectEpisode(trajectory([{ tool: 'cancel_reservation', args: { reservation_id: R }, error: 'Error: not found' }]), spec);
    expect(f.mutatingSteps).toEqual([]);
    expect(f.failures).toEqual([]);
  });
  it('a read made after the mutating call does not count for it', () => {
    const pax: Call = { tool: 'update_reservation_passengers', args: { reservation_id: R, passengers: [] }, result: reservation(R, U, []) };
    expect(flags([pax, details])).toHaveLength(1);
  });
});

describe('records returned by mutations, stale reads and the substantive reading (issue 24)', () => {
  const NEW = { flight_number: 'HAT050', date: '2024-05-24' };
  const search = (d: string, ...n: string[]): Call => ({
    tool: 'search_direct_flight',
    args: { origin: 'JFK', destination: 'LAX', date: d },
    result: directResult(...n),
  });
  const book: Call = {
    tool: 'book_reservation',
    args: {
      user_id: U,
      origin: 'JFK',
      destination: 'LAX',
      flight_type: 'one_way',
      cabin: 'economy',
      flights: [{ flight_number: 'HAT001', date: '2024-05-20' }],
      passengers: [],
      payment_methods: [{ payment_id: 'credit_card_1', amount: 100 }],
      total_baggages: 0,
      nonfree_baggages: 0,
      insurance: 'no',
    },
    result: reservation('NEW001', U, [F1]),
  };
  const cancel = (id: string): Call => ({
    tool: 'cancel_reservation',
    args: { reservation_id: id },
    result: reservation(id, U, [F1], { status: 'cancelled' }),
  });
  const move = (flights: JsonObject[], result: JsonObject[]): Call => ({
    tool: 'update_reservation_flights',
    args: { reservation_id: R, cabin: 'economy', flights, payment_id: 'credit_card_1' },
    result: reservation(R, U, result),
  });

  it("cancel after book: the booking's returned reservation is its details; its flight was searched → no flag", () => {
    expect(flags([user, search('2024-05-20', 'HAT001'), status('HAT001', '2024-05-20'), book, cancel('NEW001')])).toEqual([]);
  });
  it('update then rebook: the details read before the first update no longer show HAT002 once it is released', () => {
    const away = move([{ flight_number: 'HAT001', date: '2024-05-20' }, NEW], [F1, flight('HAT050', '2024-05-24')]);
    const back = move(
      [
        { flight_number: 'HAT001', date: '2024-05-20' },
        { flight_number: 'HAT002', date: '2024-05-22' },
      ],
      [F1, F2],
    );
    // HAT001 is kept throughout (in the first update's returned reservation); HAT002 needs status and seats again
    expect(flags([details, user, search('2024-05-24', 'HAT050'), status('HAT050', '2024-05-24'), away, back])).toEqual([
      '5:flight_status:get_flight_status({"flight_number":"HAT002","date":"2024-05-22"})',
      '5:seats_available:search_direct_flight({"date":"2024-05-22"})',
    ]);
  });
  it('substantive reading: a cancellation status check is waived only with every flight after 2024-05-15 and a ground read (business, or booked since 2024-05-14T15:00)', () => {
    const read = (extra: JsonObject, flights = [F1, F2]): Call => ({
      tool: 'get_reservation_details',
      args: { reservation_id: R },
      result: reservation(R, U, flights, extra),
    });
    const run = (c: Call, reading: 'literal' | 'substantive') =>
      detectEpisode(trajectory([c, cancel(R)]), spec, reading).failures.map((f) => f.check);
    expect(run(read({ cabin: 'business' }), 'literal')).toEqual(['flight_status', 'flight_status']);
    expect(run(read({ cabin: 'business' }), 'substantive')).toEqual([]);
    expect(run(read({ created_at: '2024-05-14T15:00:00' }), 'substantive')).toEqual([]);
    // booked 5 h too early, economy: no ground read; insured: the covered reason is said, not read
    expect(run(read({ created_at: '2024-05-14T10:00:00', insurance: 'yes' }), 'substantive')).toEqual(['flight_status', 'flight_status']);
    // a flight on the policy's day may have flown
    expect(run(read({ cabin: 'business' }, [F1, flight('HAT003', '2024-05-15')]), 'substantive')).toEqual([
      'flight_status',
      'flight_status',
    ]);
  });
});
