import { closestName } from '@carb/pipeline';
import { DEFAULT_PARAMS, parseParams, type CesCohort, type SuiteParams } from '@carb/suites';
import { parseChoice } from '../options/choice.ts';
import { choice, integer, parsed, required } from '../options/specs.ts';
import { UsageError } from '../options/usageError.ts';
import { defineCommand } from './define.ts';

const SUITES = ['ces', 'graph-braid'] as const;
const COHORTS = ['clean', 'near-miss'] as const satisfies readonly CesCohort[];

/** Generator parameters (`k=v`, repeatable), checked by the suites package's own parser. */
function parseGivenParams(flag: string, raw: unknown): GivenParams {
  const entries = (Array.isArray(raw) ? raw : [raw]).map(String);
  const known = Object.keys(DEFAULT_PARAMS);
  for (const entry of entries) {
    // own keys only: `constructor=1` is not a parameter (parseParams's `in` check would take it)
    const key = entry.includes('=') ? entry.slice(0, entry.indexOf('=')) : entry;
    if (!Object.hasOwn(DEFAULT_PARAMS, key)) {
      const near = closestName(key, known);
      throw new UsageError(
        `${flag}: ${entry}: expected ${near ? `a parameter name (did you mean ${near}?)` : `one of ${known.join(', ')}`}`,
      );
    }
  }
  try {
    return { params: parseParams(entries), given: entries.map((e) => e.slice(0, e.indexOf('='))) };
  } catch (e) {
    // parseParams names the entry (`--param x=1: expected …`); keep its wording under the flag
    throw new UsageError((e as Error).message.replace(/^--param /, `${flag}: `));
  }
}

/** Generator parameters with the defaults filled in, and the keys the command line set. */
export interface GivenParams {
  params: SuiteParams;
  given: string[];
}

export interface SuiteArgs {
  name: 'ces' | 'graph-braid';
  cohort?: CesCohort;
  seed: number;
  param: GivenParams;
  size?: number;
  out: string;
}

function check(a: SuiteArgs): void {
  if (a.out.endsWith('.labels.jsonl')) throw new UsageError(`--out: expected a <name>.jsonl path (not a labels file), found ${a.out}`);
  if (a.name === 'ces' && a.cohort === undefined)
    throw new UsageError(`--cohort: expected ${COHORTS.join(' or ')} (required for carb suite ces), found nothing`);
  const sizeKey = a.name === 'ces' ? 'families' : 'trajectories';
  if (a.size !== undefined && a.param.given.includes(sizeKey))
    throw new UsageError(`--size: expected either --size or --param ${sizeKey}=…, found both`);
  if (a.name === 'graph-braid' && a.cohort !== undefined)
    throw new UsageError(`--cohort: expected nothing for carb suite graph-braid (applies to ces only), found ${a.cohort}`);
}

export const command = defineCommand<SuiteArgs>({
  command: 'suite <name>',
  describe: 'Generate a constructed diagnostic suite (CES cohort or graph-braid) with labels beside it',
  options: {
    name: (flag) => ({
      choices: SUITES,
      demandOption: true,
      describe: 'which suite',
      coerce: (raw: unknown) => parseChoice(flag, raw, SUITES),
    }),
    cohort: choice('CES cohort (required for ces; not allowed for graph-braid)', COHORTS),
    seed: integer('generator seed (non-negative integer)', 0, 0),
    param: parsed(
      'k=v generator parameter (repeatable), e.g. harm=0.2, edgeDropout=0.1, provenance=false, sinkText=laundered',
      parseGivenParams,
      { array: true, default: [] as string[] },
    ),
    size: integer('trajectories (graph-braid) or leak families (ces): shorthand for --param trajectories=N / families=N', 1),
    out: required('episodes file <name>.jsonl; <name>.labels.jsonl and <name>.meta.json are written beside it', ['.jsonl']),
  },
  check,
  handler: async (args) => (await import('./suite.run.ts')).run(args),
});
