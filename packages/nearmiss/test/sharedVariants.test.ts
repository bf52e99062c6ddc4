import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { carbPath } from '@carb/io';
import { adaptTau2 } from '@carb/episodes';
import { SHARED, describeShared } from '../../../test/helpers/shared.ts';
import { detectEpisode, loadGuards } from '../src/index.ts';

const SONNET = join(SHARED, 'corpora/tau2-airline/trajectories/leaderboard-pr/claude-sonnet-4-5_aide_airline_50sims.json');
const spec = loadGuards(carbPath('configs/guards/tau2-airline.json'));

type Msg = Record<string, unknown>;
interface Doc {
  info: unknown;
  simulations: { task_id: string; messages: Msg[] }[];
}

/** Simulation `task` of the shared sonnet file with one more call (and its successful result) at the end. */
function variant(task: string, name: string, args: Record<string, unknown>, result: unknown) {
  const doc = JSON.parse(readFileSync(SONNET, 'utf8')) as Doc;
  const sim = doc.simulations.find((s) => s.task_id === task)!;
  sim.messages.push({ role: 'assistant', content: null, tool_calls: [{ id: 'added', name, arguments: args }] });
  sim.messages.push({ role: 'tool', id: 'added', content: JSON.stringify(result), error: false });
  const r = adaptTau2({ info: doc.info, simulations: [sim] }, SONNET);
  expect(r.problems).toEqual([]);
  const ep = r.episodes[0]!;
  return { last: ep.steps.length - 1, findings: detectEpisode(ep, spec) };
}

/** The booked or updated reservation as the tool returned it in the file (message `i` of task `task`). */
function toolResult(task: string, callName: string): Record<string, unknown> {
  const doc = JSON.parse(readFileSync(SONNET, 'utf8')) as Doc;
  const msgs = doc.simulations.find((s) => s.task_id === task)!.messages;
  const call = msgs.flatMap((m) => (m.tool_calls as { id: string; name: string }[] | undefined) ?? []).find((c) => c.name === callName)!;
  return JSON.parse(msgs.find((m) => m.role === 'tool' && m.id === call.id)!.content as string) as Record<string, unknown>;
}

describeShared('near-miss on constructed variants of the shared sonnet file (issue 24, findings 2 and 3)', () => {
  it("cancel-after-book: task 20 books HATHAT (flights HAT136, HAT039 on 2024-05-20, both searched); cancelling it next is checked by the booking's own result", () => {
    const booked = toolResult('20', 'book_reservation');
    expect(booked.reservation_id).toBe('HATHAT');
    const { last, findings } = variant('20', 'cancel_reservation', { reservation_id: 'HATHAT' }, { ...booked, status: 'cancelled' });
    expect(findings.mutatingSteps.at(-1)).toBe(last);
    expect(findings.failures).toEqual([]);
  });

  it('update-then-rebook: task 16 reads M05KNL (business, HAT227 2024-05-23 …), moves it to economy HAT110/HAT172; moving it back rests on a stale read → flight status and seats of both flights flagged', () => {
    const before = JSON.parse(JSON.stringify(toolResult('16', 'update_reservation_flights'))) as Record<string, unknown>;
    // the original flights, as get_reservation_details returned them before the update
    const doc = JSON.parse(readFileSync(SONNET, 'utf8')) as Doc;
    const msgs = doc.simulations.find((s) => s.task_id === '16')!.messages;
    const original = msgs
      .filter((m) => m.role === 'tool')
      .map((m) => JSON.parse(m.content as string) as Record<string, unknown>)
      .find((r) => r.reservation_id === 'M05KNL' && r.cabin === 'business')!;
    const flights = (original.flights as { flight_number: string; date: string }[]).map((f) => ({
      flight_number: f.flight_number,
      date: f.date,
    }));
    expect(flights).toEqual([
      { flight_number: 'HAT227', date: '2024-05-23' },
      { flight_number: 'HAT139', date: '2024-05-23' },
    ]);
    const { last, findings } = variant(
      '16',
      'update_reservation_flights',
      { reservation_id: 'M05KNL', cabin: 'business', flights, payment_id: 'gift_card_8887175' },
      { ...before, cabin: 'business', flights: original.flights },
    );
    expect(findings.failures.map((f) => `${f.step}:${f.check}:${(f.item as { flight_number: string }).flight_number}`)).toEqual([
      `${last}:flight_status:HAT227`,
      `${last}:flight_status:HAT139`,
      `${last}:seats_available:HAT227`,
      `${last}:seats_available:HAT139`,
    ]);
  });
});
