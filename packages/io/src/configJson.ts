import { unreadableReason } from './unreadableReason.ts';
import { readFileSync } from 'node:fs';

/** A config file that cannot be used: its message has one line per problem, each naming the file. */
export function refuseConfig(file: string, lines: readonly string[]): never {
  throw new Error(lines.map((l) => `${file}: ${l}`).join('\n'));
}

/** A JSON config file's value, or one line naming the file: unreadable, or not JSON. */
export function readConfigJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    refuseConfig(file, [`expected a readable file, found ${unreadableReason(e)}`]);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    refuseConfig(file, [`expected JSON, found a syntax error (${(e as Error).message})`]);
  }
}
