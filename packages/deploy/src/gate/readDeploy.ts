import { readFileSync } from 'node:fs';
import { GUARANTEES, isMethodName, type DeployRow } from '@carb/calibrate';
import { describeValue } from '@carb/io';

/** A deploy.json row with its position in the file (0-based), for messages. */
export interface IndexedRow {
  row: DeployRow;
  index: number;
}


/**
 * Reads deploy.json (an array of DeployRow, as `carb calibrate` writes it), checking every
 * row: one line naming the file, the row and the key that is not as expected. Keys beyond
 * DeployRow's are left alone.
 */
export function readDeployRows(file: string): IndexedRow[] {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Error(`${file}: expected a readable deploy.json (JSON array of rows), found ${code === 'ENOENT' ? 'no file' : code ?? (e as Error).message}`);
  }
  if (!Array.isArray(raw)) throw new Error(`${file}: expected a JSON array of deploy rows, found ${describeValue(raw)}`);
  return raw.map((value, index) => ({ row: checkRow(file, index, value), index }));
}

function checkRow(file: string, index: number, value: unknown): DeployRow {
  const bad = (key: string, expected: string, found: unknown): never => {
    throw new Error(`${file}: row ${index}: /${key}: expected ${expected}, found ${describeValue(found)}`);
  };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error(`${file}: row ${index}: expected an object, found ${describeValue(value)}`);
  const r = value as Record<string, unknown>;
  if (typeof r.stratum !== 'string' || r.stratum === '') bad('stratum', 'a non-empty string', r.stratum);
  if (typeof r.method !== 'string' || !isMethodName(r.method)) bad('method', 'a method name', r.method);
  if (typeof r.alpha !== 'number' || !(r.alpha > 0 && r.alpha < 1)) bad('alpha', 'a number in (0, 1)', r.alpha);
  if (!Number.isSafeInteger(r.n) || (r.n as number) < 0) bad('n', 'a non-negative integer', r.n);
  if (!Number.isSafeInteger(r.lambdaIndex) || (r.lambdaIndex as number) < -1) bad('lambdaIndex', 'a grid index, or −1 when infeasible', r.lambdaIndex);
  if (r.lambdaIndex === -1 ? r.lambda !== null : typeof r.lambda !== 'number') bad('lambda', r.lambdaIndex === -1 ? 'null (lambdaIndex is −1)' : 'the grid value of lambdaIndex', r.lambda);
  if (typeof r.guarantee !== 'string' || !(GUARANTEES as readonly string[]).includes(r.guarantee)) bad('guarantee', 'one of "expectation", "high-probability"', r.guarantee);
  if (r.delta !== null && typeof r.delta !== 'number') bad('delta', 'null or a number', r.delta);
  if (typeof r.pipelineHash !== 'string' || !/^[0-9a-f]{64}$/.test(r.pipelineHash)) bad('pipelineHash', 'a SHA-256 of 64 hex digits', r.pipelineHash);
  return r as unknown as DeployRow;
}
