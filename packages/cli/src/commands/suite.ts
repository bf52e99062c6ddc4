import type { CommandModule } from 'yargs';
import { closestName } from '@carb/pipeline';
import { DEFAULT_PARAMS, parseParams, type CesCohort, type SuiteParams } from '@carb/suites';
import { choiceOption } from '../options/choice.ts';
import { choiceSpec, integerSpec, textSpec } from '../options/specs.ts';
import { UsageError } from '../options/usageError.ts';

const SUITES = ['ces', 'graph-braid'] as const;
const COHORTS = ['clean', 'near-miss'] as const satisfies readonly CesCohort[];

/** Generator parameters (`k=v`, repeatable), checked by the suites package's own parser. */
const paramsOption =
  (flag: string) =>
  (raw: unknown): GivenParams => {
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
  };

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

export const command: CommandModule<object, SuiteArgs> = {
  command: 'suite <name>',
  describe: 'Generate a constructed diagnostic suite (CES cohort or graph-braid) with labels beside it',
  builder: (y) =>
    y
      .positional('name', { choices: SUITES, demandOption: true, describe: 'which suite', coerce: choiceOption('<name>', SUITES) })
      .option('cohort', choiceSpec('cohort', 'CES cohort (required for ces; not allowed for graph-braid)', COHORTS))
      .option('seed', integerSpec('seed', 'generator seed (non-negative integer)', 0, 0))
      .option('param', {
        type: 'string',
        array: true,
        requiresArg: true,
        default: [] as string[],
        coerce: paramsOption('--param'),
        describe: 'k=v generator parameter (repeatable), e.g. harm=0.2, edgeDropout=0.1, provenance=false, sinkText=laundered',
      })
      .option(
        'size',
        integerSpec('size', 'trajectories (graph-braid) or leak families (ces): shorthand for --param trajectories=N / families=N', 1),
      )
      .option(
        'out',
        textSpec('out', 'episodes file <name>.jsonl; <name>.labels.jsonl and <name>.meta.json are written beside it', {
          required: true,
          suffixes: ['.jsonl'],
        }),
      )
      .check((argv) => {
        const a = argv as unknown as SuiteArgs;
        if (a.out.endsWith('.labels.jsonl'))
          throw new UsageError(`--out: expected a <name>.jsonl path (not a labels file), found ${a.out}`);
        if (a.name === 'ces' && a.cohort === undefined)
          throw new UsageError(`--cohort: expected ${COHORTS.join(' or ')} (required for carb suite ces), found nothing`);
        const sizeKey = a.name === 'ces' ? 'families' : 'trajectories';
        if (a.size !== undefined && a.param.given.includes(sizeKey))
          throw new UsageError(`--size: expected either --size or --param ${sizeKey}=…, found both`);
        if (a.name === 'graph-braid' && a.cohort !== undefined)
          throw new UsageError(`--cohort: expected nothing for carb suite graph-braid (applies to ces only), found ${a.cohort}`);
        return true;
      }) as never,
  // the work, and the modules it needs, load only once the options have passed
  handler: async (args) => (await import('./suite.run.ts')).run(args),
};
