import { generateCes, generateGraphBraid, writeSuite } from '@carb/suites';
import type { SuiteArgs } from './suite.ts';

/** `carb suite`, once its options have passed. */
export function run(args: SuiteArgs): void {
  const params = args.param;
  let out;
  if (args.name === 'ces') {
    out = generateCes(args.cohort!, args.seed, params);
  } else {
    out = generateGraphBraid(args.seed, params);
  }
  const files = writeSuite(out, args.out);
  const m = out.meta;
  process.stdout.write(
    `${m.suite}${m.cohort ? ` ${m.cohort}` : ''}: ${m.episodes} episodes, ${m.harmful} harmful (share ${m.harmfulShare.toFixed(3)}), seed ${m.seed}\n` +
      files.map((f) => `  ${f}\n`).join(''),
  );
}
