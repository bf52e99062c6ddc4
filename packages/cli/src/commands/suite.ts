import type { CommandModule } from 'yargs';
import { generateCes, generateGraphBraid, parseParams, writeSuite, type CesCohort } from '@carb/suites';

interface SuiteArgs {
  name: 'ces' | 'graph-braid';
  cohort?: CesCohort;
  seed: number;
  param: string[];
  out: string;
}

export const command: CommandModule<object, SuiteArgs> = {
  command: 'suite <name>',
  describe: 'Generate a constructed diagnostic suite (CES cohort or graph-braid) with labels beside it',
  builder: (y) =>
    y
      .positional('name', { choices: ['ces', 'graph-braid'] as const, demandOption: true, describe: 'which suite' })
      .option('cohort', { choices: ['clean', 'near-miss'] as const, describe: 'CES cohort (required for ces)' })
      .option('seed', { type: 'number', default: 0, describe: 'generator seed' })
      .option('param', { type: 'string', array: true, default: [] as string[], describe: 'k=v generator parameter (repeatable), e.g. harm=0.2, edgeDropout=0.1, provenance=false, sinkText=laundered' })
      .option('out', { type: 'string', demandOption: true, describe: 'episodes file <name>.jsonl; <name>.labels.jsonl and <name>.meta.json are written beside it' }) as never,
  handler: (args) => {
    if (!Number.isInteger(args.seed) || args.seed < 0) throw new Error(`--seed ${String(args.seed)}: expected a non-negative integer`);
    if (!args.out.endsWith('.jsonl') || args.out.endsWith('.labels.jsonl')) throw new Error(`--out ${args.out}: expected a <name>.jsonl path`);
    const params = parseParams(args.param);
    let out;
    if (args.name === 'ces') {
      if (args.cohort === undefined) throw new Error('carb suite ces: expected --cohort clean|near-miss');
      out = generateCes(args.cohort, args.seed, params);
    } else {
      if (args.cohort !== undefined) throw new Error('carb suite graph-braid: --cohort applies to ces only');
      out = generateGraphBraid(args.seed, params);
    }
    const files = writeSuite(out, args.out);
    const m = out.meta;
    process.stdout.write(
      `${m.suite}${m.cohort ? ` ${m.cohort}` : ''}: ${m.episodes} episodes, ${m.harmful} harmful (share ${m.harmfulShare.toFixed(3)}), seed ${m.seed}\n` +
        files.map((f) => `  ${f}\n`).join(''),
    );
  },
};
