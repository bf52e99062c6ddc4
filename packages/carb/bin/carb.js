#!/usr/bin/env node
// The installed package's command: the CLI bundle dist/carb.js, built (no TypeScript loader, no sources).
// In the checkout (packages/carb inside the workspace named carb-workspace) npm may link this bin or
// packages/cli's as `carb`, both declaring it: there it runs packages/cli/bin/carb.js, which rebuilds
// a stale bundle from the sources, so `npx carb` in the checkout never runs an out-of-date package build.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const workspace = new URL('../../../package.json', import.meta.url);
let inCheckout = false;
try {
  inCheckout = JSON.parse(readFileSync(fileURLToPath(workspace), 'utf8')).name === 'carb-workspace';
} catch {
  // installed: the folder above node_modules may have no package.json at all
}
await import(inCheckout ? '../../cli/bin/carb.js' : '../dist/carb.js');
