// npm run bench: runs every scripts/bench/<part>.ts (or only the parts named on the command line)
// and prints their measured figures. Ratios are measured within one run, never asserted in tests.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), 'bench');
const wanted = process.argv.slice(2);
const parts = readdirSync(dir)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.slice(0, -3))
  .filter((p) => wanted.length === 0 || wanted.includes(p))
  .sort();
for (const part of parts) {
  const mod = (await import(pathToFileURL(join(dir, `${part}.ts`)).href)) as { bench: () => string[] | Promise<string[]> };
  process.stdout.write(`## ${part}\n`);
  for (const line of await mod.bench()) process.stdout.write(`${line}\n`);
  process.stdout.write('\n');
}
