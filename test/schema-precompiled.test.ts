import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { carbPath, schemaIssues, schemaValidator } from '@carb/io';
import { preparedSchemaKey } from '../packages/io/src/schemaAjv.ts';
import { precompiledSchemas } from '../packages/cli/bin/schemaPrecompile.ts';
import { withSourceFormats } from '../packages/episodes/src/validate.ts';
import { withMethodOrder } from '../packages/jobs/src/mainJob.ts';

const SCHEMA_DIR = carbPath('configs/schema');
const requireHere = createRequire(import.meta.url);

/** The run-time prepare of each schema that fills in a list (the call sites': episodes, jobs); the others only check. */
const RUNTIME_PREPARE: Record<string, (schema: Record<string, unknown>) => void> = {
  'episode.schema.json': withSourceFormats,
  'job.schema.json': withMethodOrder,
};

/** Evaluates one schema's standalone code (CommonJS) as the bundle's schema-<key>.cjs would. */
function standaloneValidator(code: string): ValidateFunction {
  const module = { exports: {} as unknown };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the build's generated code, evaluated as node would load it
  const run = new Function('module', 'exports', 'require', code) as (m: typeof module, e: unknown, r: NodeJS.Require) => void;
  run(module, module.exports, requireHere);
  return module.exports as ValidateFunction;
}

/** Documents the schema's own files validate (configs/, corpora/), by schema file. */
function realDocuments(schema: string): unknown[] {
  const json = (rel: string): unknown => JSON.parse(readFileSync(carbPath(rel), 'utf8'));
  const dir = (rel: string): unknown[] =>
    readdirSync(carbPath(rel))
      .filter((f) => f.endsWith('.json'))
      .map((f) => json(`${rel}/${f}`));
  switch (schema) {
    case 'pipeline.schema.json':
      return dir('configs/pipelines');
    case 'job.schema.json':
      return dir('configs/jobs');
    case 'guards.schema.json':
      return dir('configs/guards');
    case 'sweep.schema.json':
      return dir('configs/sweeps');
    case 'tool-typing.schema.json':
      return dir('configs/tools');
    case 'episode.schema.json':
      return readFileSync(carbPath('corpora/ces-near-miss.jsonl'), 'utf8')
        .split('\n')
        .slice(0, 3)
        .map((l) => JSON.parse(l) as unknown);
    default:
      return [];
  }
}

/** Wrong documents: values of every kind, and each real document with each top-level member (or item) replaced or removed. */
function wrongDocuments(real: unknown[], schema: Record<string, unknown>): unknown[] {
  const values: unknown[] = [null, true, 0, -1, 1.5, '', 'x', [], {}, [{}], { unknown: 1 }];
  const out = [...values];
  const props = Object.keys((schema.properties as Record<string, unknown> | undefined) ?? {});
  out.push(Object.fromEntries(props.map((p) => [p, 'x'])), Object.fromEntries(props.map((p) => [p, {}])));
  for (const doc of real) {
    if (doc === null || typeof doc !== 'object') continue;
    for (const key of Object.keys(doc)) {
      const { [key]: _, ...without } = doc as Record<string, unknown>;
      out.push(without);
      for (const v of values) out.push(Array.isArray(doc) ? doc.map((d: unknown, i) => (String(i) === key ? v : d)) : { ...doc, [key]: v });
    }
  }
  return out;
}

/** Ajv's errors as data (parentSchema and schema are the schema's own objects: compared by value). */
const errorsOf = (v: ValidateFunction, doc: unknown): ErrorObject[] | null | undefined => (v(doc) ? null : v.errors);

describe('precompiled validators (the bundle) validate as the run-time ones (source)', () => {
  const built = precompiledSchemas(SCHEMA_DIR);
  const files = readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.json'));

  it('one per configs/schema file, keyed by the schema as the run time prepares it', () => {
    expect(built.map((b) => b.file.replace(/^.*\//, '')).sort()).toEqual([...files].sort());
    for (const b of built) {
      const name = b.file.replace(/^.*\//, '');
      const schema = JSON.parse(readFileSync(b.file, 'utf8')) as Record<string, unknown>;
      RUNTIME_PREPARE[name]?.(schema);
      expect(b.key, name).toBe(preparedSchemaKey(schema));
    }
  });

  it('the built bundle carries each of them as dist/schema-<key>.cjs, the validator itself', () => {
    // any start rebuilds a stale bundle first
    execFileSync(process.execPath, [carbPath('packages/cli/bin/carb.js'), '--version'], { stdio: 'pipe' });
    for (const b of built) {
      const file = carbPath(`packages/cli/dist/schema-${b.key}.cjs`);
      expect(existsSync(file), b.file).toBe(true);
      expect(typeof requireHere(file)).toBe('function');
    }
  }, 120_000);

  it('a changed schema (or code list) gets another key, so a stale validator is never found', () => {
    const schema = JSON.parse(readFileSync(join(SCHEMA_DIR, 'episode.schema.json'), 'utf8')) as Record<string, unknown>;
    const before = preparedSchemaKey(schema);
    withSourceFormats(schema);
    expect(preparedSchemaKey(schema)).not.toBe(before);
  });

  it.each(files)('%s: same errors and the same schemaIssues lines on valid and wrong documents', (name) => {
    const b = built.find((x) => x.file.endsWith(`/${name}`))!;
    const file = join(SCHEMA_DIR, name);
    const runtime = schemaValidator(file, RUNTIME_PREPARE[name]);
    const standalone = standaloneValidator(b.code);
    const real = realDocuments(name);
    for (const doc of real) expect(errorsOf(runtime, doc), `${name}: a real document`).toBeNull();
    const schema = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const wrong = wrongDocuments(real, schema);
    let failing = 0;
    for (const doc of [...real, ...wrong]) {
      const a = errorsOf(runtime, doc);
      expect(errorsOf(standalone, doc), JSON.stringify(doc).slice(0, 200)).toEqual(a);
      expect(schemaIssues(standalone, doc)).toEqual(schemaIssues(runtime, doc));
      if (a !== null) failing++;
    }
    // the comparison saw violations, not only passes
    expect(failing).toBeGreaterThan(5);
  });
});
