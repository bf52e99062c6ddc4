import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describeValue, unreadableReason } from '@carb/io';
import type { HeldOut } from './deployDiff.ts';

/** summary.json beside a deploy.json: its rows as held-out estimates. */
export function heldOutBeside(deployFile: string): HeldOut[] {
  const file = join(dirname(deployFile), 'summary.json');
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`${file}: expected the summary.json a calibration writes beside deploy.json, found ${unreadableReason(e)}`);
  }
  if (!Array.isArray(raw)) throw new Error(`${file}: expected a JSON array of summary rows, found ${describeValue(raw)}`);
  return raw as HeldOut[];
}
