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
    const code = (e as NodeJS.ErrnoException).code;
    refuseConfig(file, [`expected a readable file, found ${code === 'ENOENT' ? 'no file' : (code ?? (e as Error).message)}`]);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    refuseConfig(file, [`expected JSON, found a syntax error (${(e as Error).message})`]);
  }
}
