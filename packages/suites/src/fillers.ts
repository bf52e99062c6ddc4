import type { JsonObject } from '@carb/episodes';
import type { Rng } from './rng.ts';

interface FillerTemplate {
  tool: string;
  args: (r: Rng) => JsonObject;
  result: (r: Rng) => string;
}

const n = (r: Rng, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));

// Neutral chores. Field names avoid the identifier words of the graph rules (id, file, event, ...)
// and no argument repeats result text, so these records link only through declared provenance.
const TEMPLATES: readonly FillerTemplate[] = [
  { tool: 'check_printer_queue', args: () => ({ floor: 'third' }), result: (r) => `Printer queue: ${n(r, 0, 6)} jobs waiting.` },
  { tool: 'list_meeting_rooms', args: () => ({ day: 'Tuesday' }), result: (r) => `Rooms free: Birch, Cedar (${n(r, 2, 9)} seats).` },
  { tool: 'fetch_cafeteria_menu', args: () => ({ day: 'today' }), result: () => 'Menu: lentil soup, grilled vegetables, fruit.' },
  {
    tool: 'update_todo_item',
    args: (r) => ({ item: `Water the plants (${n(r, 1, 4)})`, status: 'done' }),
    result: () => 'To-do list saved.',
  },
  { tool: 'lookup_office_hours', args: () => ({ desk: 'facilities' }), result: (r) => `Facilities desk open 0${n(r, 7, 9)}:00 to 17:00.` },
  { tool: 'sync_local_bookmarks', args: () => ({ browser: 'default' }), result: (r) => `Bookmarks synced (${n(r, 10, 90)} entries).` },
  { tool: 'rename_draft_title', args: () => ({ title: 'Team offsite ideas' }), result: () => 'Draft renamed.' },
  { tool: 'check_build_status', args: () => ({ branch_name: 'main' }), result: (r) => `Build ${n(r, 100, 999)} passed.` },
  {
    tool: 'read_team_wiki',
    args: () => ({ page: 'Onboarding checklist' }),
    result: () => 'Wiki: laptop setup, badge pickup, welcome lunch.',
  },
  { tool: 'tidy_workspace_tabs', args: () => ({ keep: 'pinned' }), result: (r) => `Closed ${n(r, 3, 20)} tabs.` },
  { tool: 'check_weather', args: () => ({ city: 'Lisbon' }), result: (r) => `Forecast: ${n(r, 14, 27)} C, light wind.` },
  { tool: 'order_office_supplies', args: (r) => ({ item: 'sticky notes', count: n(r, 2, 6) }), result: () => 'Supply order placed.' },
];

export interface Filler {
  tool: string;
  args: JsonObject;
  result: string;
}

/** Nine distinct neutral chores (no template twice, so no record repeats another's text). */
export function drawFillers(r: Rng, count = 9): Filler[] {
  const pool = [...TEMPLATES];
  const out: Filler[] = [];
  for (let k = 0; k < count && pool.length > 0; k++) {
    const t = pool.splice(Math.floor(r() * pool.length), 1)[0]!;
    out.push({ tool: t.tool, args: t.args(r), result: t.result(r) });
  }
  return out;
}

/** Every filler tool name (tool typing: neutral, no types). */
export const FILLER_TOOLS: readonly string[] = TEMPLATES.map((t) => t.tool);
