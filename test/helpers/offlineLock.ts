import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  [key: string]: unknown;
}

/**
 * A package-lock.json for a folder that depends on nothing but the packed carb tarball: the
 * tarball's entry (file: path, its sha512) and, copied from the checkout's package-lock.json,
 * every package its dependencies reach (platform packages included, npm skips the foreign ones).
 * With it `npm install --offline` needs no registry metadata, only the tarballs `npm ci` cached:
 * npm keeps packuments out of the cache, so resolving carb's ranges afresh offline fails (ENOTCACHED).
 */
export function consumerLock(root: string, tarball: string, relTarball: string): string {
  const workspace = (JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> }).packages;
  const carb = JSON.parse(readFileSync(join(root, 'packages/carb/package.json'), 'utf8')) as {
    version: string;
    dependencies: Record<string, string>;
    bin: Record<string, string>;
    license: string;
    engines: Record<string, string>;
  };
  const packages: Record<string, LockEntry> = {
    '': { name: 'consumer', dependencies: { carb: `file:${relTarball}` } },
    'node_modules/carb': {
      version: carb.version,
      resolved: `file:${relTarball}`,
      integrity: `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`,
      license: carb.license,
      dependencies: carb.dependencies,
      bin: carb.bin,
      engines: carb.engines,
    },
  };
  const todo = Object.keys(carb.dependencies);
  while (todo.length > 0) {
    const name = todo.shift()!;
    const key = `node_modules/${name}`;
    if (packages[key] !== undefined) continue;
    const entry = workspace[key];
    if (entry === undefined) throw new Error(`package-lock.json: expected an entry ${key} (a dependency of packages/carb), found none`);
    const { dev: _dev, devOptional: _devOptional, peer: _peer, ...kept } = entry;
    packages[key] = kept;
    todo.push(...Object.keys(entry.dependencies ?? {}), ...Object.keys(entry.optionalDependencies ?? {}));
  }
  return `${JSON.stringify({ name: 'consumer', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`;
}
