import type { Episode, JsonObject, JsonValue } from '@carb/episodes';

/** One hand-written tool call: its arguments and its result (JSON value, or an error text). */
export interface Call {
  tool: string;
  args: JsonObject;
  result?: JsonValue;
  error?: string;
}

/** A canonical episode of the given calls, in order (result JSON-encoded, as tau2 tool messages carry it). */
export function trajectory(calls: readonly Call[], opts: { id?: string; correct?: boolean; model?: string } = {}): Episode {
  return {
    id: opts.id ?? 'hand/1/0',
    group: '1',
    source: {
      format: 'tau2',
      file: 'hand.json',
      model: opts.model ?? 'agent-a',
      suite: 'airline',
      userTask: '1',
      injectionTask: null,
      attack: null,
    },
    request: null,
    steps: calls.map((c, index) => ({
      index,
      tool: c.tool,
      args: c.args,
      result: c.error === undefined ? (typeof c.result === 'string' ? c.result : JSON.stringify(c.result ?? null)) : '',
      error: c.error ?? null,
      ok: c.error === undefined,
    })),
    outcome: { taskCompleted: opts.correct ?? true, completedAtStep: null },
    benchmark: null,
    injections: {},
    flags: { aborted: null, textOnlyCalls: false },
    externalScores: null,
  };
}

export const flight = (flight_number: string, date: string, origin = 'JFK', destination = 'LAX'): JsonObject => ({
  flight_number,
  origin,
  destination,
  date,
  price: 100,
});

/** A get_reservation_details result of reservation `id` of user `user`, with these flights. */
export const reservation = (id: string, user: string, flights: JsonObject[], extra: JsonObject = {}): JsonObject => ({
  reservation_id: id,
  user_id: user,
  origin: 'JFK',
  destination: 'LAX',
  flight_type: 'one_way',
  cabin: 'economy',
  flights,
  passengers: [{ first_name: 'Ana', last_name: 'Lee', dob: '1990-01-01' }],
  payment_history: [],
  created_at: '2024-05-14T10:00:00',
  total_baggages: 0,
  nonfree_baggages: 0,
  insurance: 'no',
  status: null,
  ...extra,
});

/** A search_direct_flight result listing these flights as available (tau2 leaves their date null). */
export const directResult = (...numbers: string[]): JsonValue =>
  numbers.map((n) => ({
    flight_number: n,
    origin: 'JFK',
    destination: 'LAX',
    status: 'available',
    date: null,
    available_seats: { basic_economy: 3, economy: 5, business: 2 },
    prices: { basic_economy: 50, economy: 100, business: 300 },
  }));

/** A search_onestop_flight result: one pair of legs, each with its date. */
export const onestopResult = (a: [string, string], b: [string, string]): JsonValue => [
  [a, b].map(([n, d]) => ({
    flight_number: n,
    origin: 'JFK',
    destination: 'ORD',
    status: 'available',
    date: d,
    available_seats: { economy: 5 },
    prices: { economy: 100 },
  })),
];
