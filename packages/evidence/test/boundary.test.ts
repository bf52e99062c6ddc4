import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Episode } from '@carb/episodes';
import { createPrefixGraph, selectContext, type PrefixGraph } from '../src/index.ts';
import { scoreFeatures } from '@carb/scorer';
import { testPipeline } from './helpers.ts';

const here = dirname(fileURLToPath(import.meta.url));

/** Takes any value, so that a property read is a statement tsc checks (the body never runs). */
function use(_value: unknown): void {
  // nothing: the compile-time checks below are the point
}

// Compile-time half of the boundary: these lines must NOT type-check (tsc runs over tests).
function typeBoundary(episode: Episode, graph: PrefixGraph): void {
  const g = createPrefixGraph(testPipeline());
  // @ts-expect-error an Episode is not a PolicyStep: the graph cannot be fed whole episodes
  g.propose(episode);
  // @ts-expect-error the selector's records carry no outcome
  use(graph.record(0).outcome);
  // @ts-expect-error nor injections
  use(graph.record(0).injections);
  // @ts-expect-error nor benchmark fields
  use(graph.record(0).benchmark);
  void selectContext(graph, testPipeline().selector, { episodeId: episode.id });
  void scoreFeatures(graph, [0]);
}
use(typeBoundary);

const FORBIDDEN = [
  /from\s+['"]@carb\/episodes['"]/,
  /from\s+['"]@carb\/episodes\/(?!policy['"])/,
  /from\s+['"]@carb\/ledger/,
  /from\s+['"]@carb\/suites/,
  /from\s+['"]@carb\/replay/,
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('policy/evaluation boundary', () => {
  for (const pkg of ['evidence', 'scorer']) {
    it(`packages/${pkg}/src imports episode types only from @carb/episodes/policy`, () => {
      const files = sources(resolve(here, '../..', pkg, 'src'));
      expect(files.length).toBeGreaterThan(2);
      const bad = files.flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .filter((l) => FORBIDDEN.some((re) => re.test(l)))
          .map((l) => `${f}: ${l.trim()}`),
      );
      expect(bad).toEqual([]);
    });
  }
});
