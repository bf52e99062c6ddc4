import { resolve } from 'node:path';
import { readCorpus } from '@carb/episodes';
import { createPrefixGraph, selectContext } from '@carb/evidence';
import { defaultPipelinePath, loadPipeline, SELECTOR_KINDS, type SelectorKind } from '@carb/pipeline';
import { scoreContext } from '@carb/scorer';

const CORPUS = resolve(import.meta.dirname, '../../../shared/corpora/agentdojo-runs/runs');

/**
 * Prefix-graph build and per-selector context sizes over the shared AgentDojo corpus:
 * one incremental pass per episode, every decision scored under every selector.
 */
export function bench(): string[] {
  const pipeline = loadPipeline(defaultPipelinePath());
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const { episodes } = readCorpus([CORPUS]);
  const tRead = performance.now() - t0;
  const sizes = Object.fromEntries(SELECTOR_KINDS.map((k) => [k, 0])) as Record<SelectorKind, number>;
  const perModel = new Map<string, { full: number; graph: number; decisions: number }>();
  let decisions = 0;
  let edges = 0;
  let buildMs = 0;
  for (const ep of episodes) {
    const g = createPrefixGraph(pipeline);
    for (const s of ep.steps) {
      const t1 = performance.now();
      g.propose({ ...s, result: '', error: null });
      buildMs += performance.now() - t1;
      decisions++;
      const m = perModel.get(ep.source.model ?? '?') ?? { full: 0, graph: 0, decisions: 0 };
      m.full += g.size;
      m.graph += selectContext(g, pipeline.selector, { episodeId: ep.id }).length;
      m.decisions++;
      perModel.set(ep.source.model ?? '?', m);
      for (const kind of SELECTOR_KINDS) {
        const sel = selectContext(g, { ...pipeline.selector, kind }, { episodeId: ep.id });
        sizes[kind] += sel.length;
        scoreContext(g, sel, pipeline);
      }
      const t2 = performance.now();
      g.commit(s);
      buildMs += performance.now() - t2;
    }
    for (let i = 0; i < g.size; i++) edges += g.parents(i).length;
  }
  const steps = decisions;
  const cpuMs = process.cpuUsage(cpu0).user / 1000;
  const lines = [
    `evidence: ${episodes.length} episodes, ${decisions} decisions read in ${tRead.toFixed(0)} ms`,
    `evidence: incremental graph build ${buildMs.toFixed(0)} ms total, ${((buildMs * 1000) / Math.max(1, steps)).toFixed(1)} µs per record, ${(edges / Math.max(1, steps)).toFixed(2)} parents per node`,
    `evidence: whole bench (read + build + 5 selectors + scoring) ${cpuMs.toFixed(0)} ms user CPU`,
  ];
  for (const kind of SELECTOR_KINDS) {
    lines.push(
      `evidence: mean context size ${kind.padEnd(7)} ${(sizes[kind] / decisions).toFixed(3)} (ratio to full ${(sizes[kind] / sizes.full).toFixed(3)})`,
    );
  }
  for (const [model, m] of [...perModel].sort()) {
    lines.push(
      `evidence: ${model}: ${m.decisions} decisions, mean full ${(m.full / m.decisions).toFixed(3)}, graph-local ${(m.graph / m.decisions).toFixed(3)} (ratio ${(m.graph / m.full).toFixed(3)})`,
    );
  }
  return lines;
}

if (import.meta.url === `file://${String(process.argv[1])}`) {
  for (const l of bench()) console.log(l);
}
