import { readFileSync } from 'node:fs';
import { GUARANTEES, METHOD_ORDER, type DeployRow } from '@carb/calibrate';
import { carbPath, schemaIssues, jsonObjectAt, schemaValidator, unreadableReason } from '@carb/io';

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
    throw new Error(`${file}: expected a readable deploy.json (JSON array of rows), found ${unreadableReason(e)}`);
  }
  const issues = schemaIssues(deployValidator(), raw);
  // `/3/alpha: …` is row 3's; `/: …` the file's as a whole
  if (issues.length)
    throw new Error(
      issues
        .map(
          (i) =>
            `${file}: ${i.replace(/^\/: /, '').replace(/^\/(\d+)(\/\S*)?: /, (_, row: string, key?: string) => `row ${row}: ${key ? `${key}: ` : ''}`)}`,
        )
        .join('\n'),
    );
  return (raw as DeployRow[]).map((row, index) => ({ row, index }));
}

/** configs/schema/deploy.schema.json, the contract of deploy.json. */
export const DEPLOY_SCHEMA_PATH = carbPath('configs/schema/deploy.schema.json');

const deployValidator = () =>
  schemaValidator(DEPLOY_SCHEMA_PATH, (schema) => {
    // the schema documents the lists; the code's constants decide, so they must agree
    for (const [key, list] of [
      ['method', METHOD_ORDER],
      ['guarantee', GUARANTEES],
    ] as const) {
      const found = jsonObjectAt(schema, `/items/properties/${key}`).enum;
      if (JSON.stringify(found) !== JSON.stringify(list))
        throw new Error(
          `${DEPLOY_SCHEMA_PATH}: /items/properties/${key}/enum: expected ${JSON.stringify(list)} (as in @carb/calibrate), found ${JSON.stringify(found)}`,
        );
    }
  });
