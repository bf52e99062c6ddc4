import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | null = null;

/**
 * Names of a carb root: "carb-workspace" is the checkout (its package.json), "carb" the installed
 * package (node_modules/carb, which carries configs/ and corpora/ beside its dist/).
 */
const ROOT_NAMES: readonly unknown[] = ['carb-workspace', 'carb'];

/** The nearest folder at or above `from` whose package.json is named as a carb root. */
function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && ROOT_NAMES.includes((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: unknown }).name)) return dir;
    if (dirname(dir) === dir) throw new Error(`carb: no package.json named "carb-workspace" or "carb" above ${from}`);
  }
}

/**
 * A path inside the carb checkout (configs/, the root package.json). Found by walking up from this
 * module rather than a fixed `../../..`, because the same code runs from packages/io/src (tsx,
 * vitest) and from the bundle in packages/cli/dist, which sit at different places, and from the installed package's dist.
 */
export function carbPath(...segments: string[]): string {
  root ??= findRoot(dirname(fileURLToPath(import.meta.url)));
  return resolve(root, ...segments);
}
