import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  LEDGER_CATEGORIES,
  PIPELINE_SCHEMA_PATH,
  SCORER_FEATURES,
  SELECTOR_KINDS,
  TOOL_TYPES,
  TOOL_TYPING_SCHEMA_PATH,
  loadPipeline,
  loadToolTyping,
  loadToolTypings,
} from '@carb/pipeline';
import { runCli } from './runCli.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const DEFAULT = join(ROOT, 'configs/pipelines/default.json');
const TOOLS = ['agentdojo.json', 'suites.json'].map((f) => join(ROOT, 'configs/tools', f));
const dir = mkdtempSync(join(tmpdir(), 'carb-pipeline-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A parsed JSON object (the config and its sections are objects all the way down the paths the tests edit). */
type JsonObject = Record<string, unknown>;

/** The object at a dotted path of `c` (`at(c, 'scorer.weights')`). */
const at = (c: JsonObject, path: string): JsonObject => path.split('.').reduce((o, k) => o[k] as JsonObject, c);

/** The default config as written, with absolute tool-typing paths, changed by `edit`. */
function variant(name: string, edit: (c: JsonObject) => void, text?: (json: string) => string): string {
  const c = JSON.parse(readFileSync(DEFAULT, 'utf8')) as JsonObject;
  c.toolTyping = TOOLS;
  edit(c);
  const file = join(dir, `${name}.json`);
  const json = JSON.stringify(c, null, 2);
  writeFileSync(file, text ? text(json) : json);
  return file;
}

function loadError(file: string): string[] {
  try {
    loadPipeline(file);
  } catch (e) {
    return (e as Error).message.split('\n');
  }
  throw new Error(`${file} loaded; expected it to be refused`);
}

describe('pipeline configs are validated against configs/schema/pipeline.schema.json', () => {
  it('every shipped pipeline config and tool-typing file is valid', () => {
    for (const f of readdirSync(join(ROOT, 'configs/pipelines')))
      expect(() => loadPipeline(join(ROOT, 'configs/pipelines', f))).not.toThrow();
    for (const f of readdirSync(join(ROOT, 'configs/tools'))) expect(() => loadToolTyping(join(ROOT, 'configs/tools', f))).not.toThrow();
  });

  it('an unknown key is refused with the closest valid name, in one line naming file and pointer', () => {
    const file = variant('typo', (c) => {
      const scorer = at(c, 'scorer');
      scorer.weights = { intercpet: at(scorer, 'weights').intercept, ...at(scorer, 'weights') };
      delete at(scorer, 'weights').intercept;
    });
    expect(loadError(file)).toEqual([`${file}: /scorer/weights/intercpet: unknown key (number 0.05); did you mean "intercept"?`]);
    const top = variant('typo-top', (c) => {
      c.selecter = c.selector;
      delete c.selector;
    });
    expect(loadError(top)).toEqual([`${top}: /selecter: unknown key (an object); did you mean "selector"?`]);
  });

  it('an unknown key with no near name lists the valid ones', () => {
    const file = variant('extra', (c) => {
      at(c, 'grid').zzzzzz = 1;
    });
    expect(loadError(file)).toEqual([`${file}: /grid/zzzzzz: unknown key (number 1); expected one of "bottom", "denominator"`]);
  });

  it('a number given as a string is refused (it used to change λ̂ and CtxRed silently)', () => {
    const file = variant('string-number', (c) => {
      at(c, 'scorer.weights').intercept = '0.05';
    });
    expect(loadError(file)).toEqual([`${file}: /scorer/weights/intercept: expected a number, found string "0.05"`]);
    const grid = variant('string-integer', (c) => {
      at(c, 'grid').denominator = '100';
    });
    expect(loadError(grid)).toEqual([`${grid}: /grid/denominator: expected an integer, found string "100"`]);
  });

  it('a bad selector kind is refused with the same list of kinds as `carb replay --selector`', async () => {
    const file = variant('selector', (c) => {
      at(c, 'selector').kind = 'grpah';
    });
    const kinds = SELECTOR_KINDS.map((k) => JSON.stringify(k)).join(', ');
    expect(loadError(file)).toEqual([`${file}: /selector/kind: expected one of ${kinds}, found string "grpah" (did you mean "graph"?)`]);
    const cli = await runCli(['replay', join(ROOT, 'corpora/ces-clean.jsonl'), '--selector', 'grpah']);
    expect(cli.errLines).toEqual([`carb: --selector: expected one of ${kinds}, found grpah (did you mean "graph"?)`]);
  }, 120_000);

  it('a missing key is refused', () => {
    const file = variant('missing', (c) => {
      delete c.ledger;
    });
    expect(loadError(file)).toEqual([`${file}: /ledger: expected a value (required key), found nothing`]);
  });

  it('several problems give one line each', () => {
    const file = variant('several', (c) => {
      at(c, 'selector').window = 0;
      at(c, 'splits').rng = 'mt';
      at(c, 'grid').bottom = 0;
    });
    expect(loadError(file)).toEqual([
      `${file}: /grid/bottom: expected a number < 0, found number 0`,
      `${file}: /selector/window: expected a number >= 1, found number 0`,
      `${file}: /splits/rng: expected one of "python", "seedrandom", found string "mt"`,
    ]);
  });

  it('unreadable JSON and bad regular expressions name the file', () => {
    const broken = variant(
      'broken',
      () => {},
      (j) => j.slice(0, -2),
    );
    expect(loadError(broken)).toEqual([expect.stringMatching(new RegExp(`^${broken}: expected JSON, found a syntax error`))]);
    const regex = variant('regex', (c) => {
      at(c, 'sanitizer').injectionMarkers = ['ok', '(unclosed'];
    });
    expect(loadError(regex)).toEqual([
      expect.stringMatching(new RegExp(`^${regex}: /sanitizer/injectionMarkers/1: expected a regular expression, found "\\(unclosed"`)),
    ]);
  });

  it('a weight that is not an exact short decimal is refused at load time', () => {
    const file = variant('weights', (c) => {
      at(c, 'scorer.weights').currentRisky = 0.1 + 0.2;
    });
    expect(loadError(file)).toEqual([
      expect.stringMatching(
        new RegExp(`^${file}: /scorer/weights/currentRisky: expected a decimal with at most \\d+ places, found 0.30000000000000004$`),
      ),
    ]);
  });

  it('the schema enums are the ones the code uses', () => {
    const p = JSON.parse(readFileSync(PIPELINE_SCHEMA_PATH, 'utf8')) as JsonObject;
    const t = JSON.parse(readFileSync(TOOL_TYPING_SCHEMA_PATH, 'utf8')) as JsonObject;
    expect(at(p, 'properties.selector.properties.kind').enum).toEqual([...SELECTOR_KINDS]);
    expect(at(p, 'definitions.toolType').enum).toEqual([...TOOL_TYPES]);
    expect(at(t, 'properties.tools.additionalProperties.items').enum).toEqual([...TOOL_TYPES]);
    expect(at(p, 'properties.ledger.properties.categoryByType.items.properties.category').enum).toEqual([...LEDGER_CATEGORIES]);
    expect(Object.keys(at(p, 'properties.scorer.properties.weights.properties'))).toEqual([...SCORER_FEATURES]);
  });
});

describe('tool-typing files are validated', () => {
  const typing = (name: string, body: string) => {
    const f = join(dir, `${name}.tools.json`);
    writeFileSync(f, body);
    return f;
  };

  it('an unknown tool type names the file, the tool and the allowed types', () => {
    const f = typing('bad-type', '{ "tools": { "send_email": ["external_sink", "sink"] } }');
    expect(() => loadToolTyping(f)).toThrow(
      `${f}: /tools/send_email/1: expected one of ${TOOL_TYPES.map((x) => JSON.stringify(x)).join(', ')}, found string "sink"`,
    );
  });

  it('a misspelled top-level key is refused with a suggestion', () => {
    const f = typing('bad-key', '{ "tool": {} }');
    expect(() => loadToolTyping(f)).toThrow(`${f}: /tool: unknown key (an object); did you mean "tools"?`);
  });

  it('tools named like Object.prototype members are ordinary entries', () => {
    const f = typing('proto', '{ "tools": { "__proto__": ["financial"], "constructor": ["read"] } }');
    const t = loadToolTyping(f);
    expect(Object.keys(t).sort()).toEqual(['__proto__', 'constructor']);
    expect(t['constructor' as string]).toEqual(['read']);
    expect(Object.hasOwn(t, 'toString')).toBe(false);
    expect('toString' in t).toBe(false); // not even inherited: no Object.prototype behind it
  });

  it('a tool typed differently by two files is refused, naming both', () => {
    const a = typing('a', '{ "tools": { "send_email": ["external_sink"] } }');
    const b = typing('b', '{ "tools": { "send_email": ["read"] } }');
    expect(() => loadToolTypings([a, b])).toThrow(
      `${b}: /tools/send_email: expected the types ["external_sink"] it has in ${a}, found ["read"]`,
    );
  });
});

describe('carb pipeline check', () => {
  it('prints the normalized config, its SHA-256 and the component hashes a report manifest records', async () => {
    const r = await runCli(['pipeline', 'check', DEFAULT]);
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    const config = JSON.parse(lines[0]!) as JsonObject;
    expect(at(config, 'toolTyping').send_email).toEqual(['external_sink', 'message_social']);
    expect(Object.keys(config)).toEqual([...Object.keys(config)].sort());
    expect(lines[1]).toBe(`config sha256 ${createHash('sha256').update(lines[0]!, 'utf8').digest('hex')}`);
    const printed = Object.fromEntries(
      lines
        .slice(3)
        .filter(Boolean)
        .map((l) => l.trim().split(/\s+/) as [string, string]),
    );
    // an actual run's manifest, computed on the report path
    const out = join(dir, 'report');
    const run = await runCli([
      'calibrate',
      join(ROOT, 'corpora/ces-clean.jsonl'),
      '--splits',
      '2',
      '--methods',
      'g-carb',
      '--alphas',
      '.1',
      '--no-frontier',
      '--out',
      out,
    ]);
    expect(run.code).toBe(0);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { components: Record<string, string> };
    expect(Object.keys(printed)).toEqual(['ledger', 'toolTyping', 'graph', 'selector', 'scorer', 'sanitizer', 'grid']);
    for (const [k, h] of Object.entries(printed)) expect(h, k).toBe(manifest.components[k]);
  }, 120_000);

  it('refuses an invalid config with exit 1 and the schema line', async () => {
    const file = variant('check-bad', (c) => {
      at(c, 'scorer.weights').intercept = '0.05';
    });
    const r = await runCli(['pipeline', 'check', file]);
    expect(r.code).toBe(1);
    expect(r.errLines).toEqual([`carb: ${file}: /scorer/weights/intercept: expected a number, found string "0.05"`]);
    expect(r.out).toBe('');
  }, 120_000);
});
