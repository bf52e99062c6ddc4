import type { JsonValue } from '@carb/episodes';

/** A tool's result text as JSON, or null when it is not JSON (e.g. get_flight_status's bare "landed"). */
export function parseResult(text: string): JsonValue | null {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return null;
  }
}
