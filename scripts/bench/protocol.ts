// Protocol stage on the shared AgentDojo runs (2,587 episodes): 7 methods × 4 α (and × the
// frontier budgets) × 200 splits from breakpoint tables, against a plain numpy implementation of
// the same protocol (scripts/bench/protocol_peer.py) reading the same tables and splits from disk, and against the
// lean numpy peer of issue 26 (../shared/bench/peer_protocol_numpy.py, on the table carb replay writes).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LEDGER_CATEGORIES, defaultPipelinePath, loadPipeline } from '@carb/pipeline';
import type { BreakpointTable } from '@carb/replay';
import {
  DEFAULT_BUDGETS,
  METHOD_ORDER,
  calibrationTarget,
  distinctBudgets,
  foldSizes,
  frontierAlphas,
  makeSplits,
  runProtocol,
  type Budget,
  type MethodName,
  type ProtocolResult,
  type Split,
} from '@carb/calibrate';
import { eligibleForCalibration, readCorpus } from '@carb/episodes';
import { best, median } from './lib/timing.ts';
import { referenceTablesByMethod } from '../../packages/calibrate/test/helpers/referenceTables.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
const RUNS = resolve(HERE, '../../../shared/corpora/agentdojo-runs/runs');
/** The lean numpy peer of issue 26 (bincount + cumsum per split, every α a lookup; union-ledger selectors only). */
const LEAN_PEER = resolve(HERE, '../../../shared/bench/peer_protocol_numpy.py');
const SPLITS = 200;
/** Timed rounds per figure; every figure is the median of its rounds (issue 26). */
const ROUNDS = 3;
/** Runs per carb round, its best taken: the lean peer's own rule (best of 5 after loading). */
const PEER_REPS = 5;

/** One run of the lean peer: its ms per α count (4, 105), each its own best of 5 after loading. */
type LeanRun = () => { ms: Record<number, number> } | { failed: string };

/**
 * The lean peer on the breakpoint table `carb replay --selector all --out` writes (in `dir`), as a
 * function that runs it once; or why it is skipped (it needs numpy and pyarrow).
 */
function leanPeer(dir: string): { run: LeanRun } | { skipped: string } {
  if (!existsSync(LEAN_PEER)) return { skipped: `${LEAN_PEER} not found` };
  const probe = spawnSync('python3', ['-c', 'import numpy, pyarrow'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) return { skipped: 'python3 with numpy and pyarrow not importable (pip install numpy pyarrow)' };
  const table = join(dir, 'breakpoints.arrow');
  const replay = spawnSync(
    process.execPath,
    [join(ROOT, 'packages/cli/bin/carb.js'), 'replay', RUNS, '--selector', 'all', '--out', table],
    { encoding: 'utf8' },
  );
  if (replay.status !== 0) return { skipped: `carb replay failed: ${replay.stderr.trim().split('\n').at(-1)!}` };
  return {
    run: () => {
      const run = spawnSync('python3', [LEAN_PEER, table], { encoding: 'utf8' });
      if (run.status !== 0) return { failed: `lean peer failed: ${run.stderr.trim().split('\n').at(-1)!}` };
      const ms: Record<number, number> = {};
      for (const m of run.stdout.matchAll(/x (\d+) alphas x \d+ splits: (\d+) ms/g)) ms[Number(m[1])] = Number(m[2]);
      return ms[4] === undefined || ms[105] === undefined ? { failed: `lean peer printed no timings: ${run.stdout.trim()}` } : { ms };
    },
  };
}

/** One round of alternateRounds: carb's best ms at 4 α and on the frontier (101 α), and the lean peer's run (null: none). */
interface AlternateRound {
  four: number;
  frontier: number;
  lean: Record<number, number> | null;
}

/**
 * ROUNDS rounds, each: carb's 4 α and frontier (101 α) sets run alternately PEER_REPS times (the best
 * of each kept), then one run of the lean peer, so that every figure of a round sees the same machine load;
 * ratios are then taken within rounds. Timed in separate blocks instead (each set's own rounds, the
 * peers between, the lean peer a minute later), the frontier's cost read −8% and +89% in two runs of
 * this bench two minutes apart, and carb against the lean peer 1.6× faster in one run and 1.2×
 * slower in another, while within alternate rounds the frontier read +39–44% every time (issue 26).
 */
function alternateRounds(four: () => void, frontier: () => void, lean: LeanRun | null): AlternateRound[] | { failed: string } {
  const rounds: AlternateRound[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let a = Infinity;
    let b = Infinity;
    for (let r = 0; r < PEER_REPS; r++) {
      a = Math.min(a, best(1, four));
      b = Math.min(b, best(1, frontier));
    }
    const peer = lean ? lean() : null;
    if (peer && 'failed' in peer) return peer;
    rounds.push({ four: a, frontier: b, lean: peer ? peer.ms : null });
  }
  return rounds;
}

/** Writes the tables and splits as raw little-endian arrays plus a JSON index the peer reads. */
function exportForPeer(
  dir: string,
  tables: Partial<Record<MethodName, BreakpointTable>>,
  splits: readonly Split[],
  alphaSets: Record<string, Budget[]>,
): void {
  const files: Record<string, { file: string; dtype: string; length: number }> = {};
  const put = (name: string, a: Int32Array) => {
    writeFileSync(join(dir, `${name}.bin`), new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
    files[name] = { file: `${name}.bin`, dtype: '<i4', length: a.length };
  };
  const selectors = new Map<BreakpointTable, string>();
  for (const m of METHOD_ORDER) {
    const t = tables[m]!;
    if (selectors.has(t)) continue;
    const s = t.method;
    selectors.set(t, s);
    put(`${s}.stepOffset`, t.stepOffset);
    put(`${s}.executesFrom`, t.executesFrom);
    put(`${s}.contextSize`, t.contextSize);
    put(`${s}.runsFrom`, t.runsFrom);
    put(`${s}.successFrom`, t.successFrom);
    put(`${s}.unionLossFrom`, t.unionLossFrom);
    for (const k of LEDGER_CATEGORIES) put(`${s}.lossFrom.${k}`, t.lossFrom[k]);
  }
  splits.forEach((s, i) => {
    put(`split${i}.cal`, s.cal);
    put(`split${i}.test`, s.test);
  });
  const t0 = tables['g-carb']!;
  const index = {
    G: t0.G,
    n: t0.n,
    splits: splits.length,
    categories: LEDGER_CATEGORIES,
    methods: METHOD_ORDER.map((m) => ({ method: m, selector: tables[m]!.method, target: calibrationTarget(m) })),
    alphaSets: Object.fromEntries(
      Object.entries(alphaSets).map(([k, v]) => [k, v.map((r) => [r.num.toString(), r.den.toString(), r.text])]),
    ),
    files,
  };
  writeFileSync(join(dir, 'index.json'), JSON.stringify(index));
}

interface PeerOut {
  seconds: Record<string, number>;
  /** Per alpha set: method → α text → per split [lambdaIndex, loss, intervention, utility, stepRate, ctxSelected, ctxFull]. */
  results: Record<string, Record<string, Record<string, number[][]>>>;
}

/** Largest deviation of the peer's per-split figures from carb's, and λ̂ disagreements. */
function agreement(res: ProtocolResult, peer: Record<string, Record<string, number[][]>>): { lambdaDiffer: number; maxDiff: number } {
  let lambdaDiffer = 0;
  let maxDiff = 0;
  for (const r of res.splitResults) {
    const p = peer[r.method]![r.alphaText]![r.split]!;
    if (p[0] !== r.lambdaIndex) lambdaDiffer++;
    const ours = [r.loss, r.intervention, r.utility, r.stepRate, r.ctxSelected, r.ctxFull];
    ours.forEach((v, i) => {
      maxDiff = Math.max(maxDiff, Math.abs(v - p[i + 1]!));
    });
  }
  return { lambdaDiffer, maxDiff };
}

/** A full garbage collection now (gc is exposed for this call only). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** Breakpoint tables of every method by the reference builder; the episodes are dropped on return. */
function replayTables(): { tables: Partial<Record<MethodName, BreakpointTable>>; episodes: number } {
  const episodes = readCorpus([RUNS], { format: 'agentdojo' }).episodes.filter((e) => eligibleForCalibration(e));
  return { tables: referenceTablesByMethod(episodes, loadPipeline(defaultPipelinePath())), episodes: episodes.length };
}

export function bench(): string[] {
  if (!existsSync(RUNS)) return [`skipped: ${RUNS} not found`];
  // the protocol stage sees tables only (as after `carb replay --out`), not the corpus text
  const { tables, episodes: nEpisodes } = replayTables();
  // the corpus read to build the tables is garbage now: collected before timing, not during carb's first rounds
  // (the peers load their tables outside their timings too)
  collectGarbage();
  const folds = foldSizes('agentdojo', nEpisodes);
  const t0 = tables['g-carb']!;
  const splits = makeSplits(t0.ids, t0.groups, {
    count: SPLITS,
    baseSeed: 0,
    rng: 'python',
    unit: folds.unit,
    nCal: folds.nCal,
    nTest: folds.nTest,
  });
  // the frontier as carb calibrate runs it (calibrationJob): the requested budgets and the frontier's, each value
  // once, ascending: 101 α, the issue's 105 less the four requested that are frontier values too. Listed twice,
  // they were evaluated twice, and .025 (spelled alike in both lists) had its 1,400 split rows written twice
  const alphaSets = { default: [...DEFAULT_BUDGETS], frontier: distinctBudgets([...DEFAULT_BUDGETS, ...frontierAlphas(folds.nCal)]) };
  const evals = (name: keyof typeof alphaSets) => METHOD_ORDER.length * alphaSets[name].length * SPLITS;
  const header = `protocol: ${nEpisodes} episodes, breakpoint tables of 5 selectors (${t0.executesFrom.length} proposals), ${SPLITS} splits of ${folds.nCal}/${folds.nTest}`;
  const ms: Record<string, number> = {};
  const peerMs: Record<string, number> = {};
  const cpuMs: Record<string, number> = {};
  const probe = spawnSync('python3', ['-c', 'import numpy'], { encoding: 'utf8' });
  const havePeer = !probe.error && probe.status === 0;
  const dir = mkdtempSync(join(tmpdir(), 'carb-protocol-'));
  const peerOut: Record<string, PeerOut['results'][string]> = {};
  const lines = [header];
  try {
    if (havePeer) exportForPeer(dir, tables, splits, alphaSets);
    // timed as carb calibrate runs it: split rows of the requested budgets only (the frontier's are summarized)
    const splitRowAlphas = new Set(DEFAULT_BUDGETS.map((b) => b.text));
    for (const [name, alphas] of Object.entries(alphaSets)) {
      // the first run of the process (the 4 α set) is cold, as the one run a `carb calibrate` makes: its own figure
      const first = best(1, () => {
        runProtocol({ tables, alphas, splits, splitRowAlphas });
      });
      const ours: number[] = [];
      // CPU time beside wall time: on a machine shared by many processes the wall time mostly measures the others
      const oursCpu: number[] = [];
      const theirs: number[] = [];
      // rounds alternate carb and the peer, so both see the same machine load; each carb round is its best of
      // PEER_REPS runs, as the lean peer times itself (its best of 5 after loading), so both figures mean the same
      for (let round = 0; round < ROUNDS; round++) {
        const cpu0 = process.cpuUsage();
        ours.push(
          best(PEER_REPS, () => {
            runProtocol({ tables, alphas, splits, splitRowAlphas });
          }),
        );
        const cpu = process.cpuUsage(cpu0);
        oursCpu.push((cpu.user + cpu.system) / 1000 / PEER_REPS);
        if (!havePeer) continue;
        const run = spawnSync('python3', [join(HERE, 'protocol_peer.py'), dir, String(PEER_REPS), name], {
          encoding: 'utf8',
          maxBuffer: 1 << 30,
        });
        if (run.status !== 0) return [...lines, `protocol: numpy peer failed: ${run.stderr.trim().split('\n').at(-1)!}`];
        const out = JSON.parse(run.stdout) as PeerOut;
        theirs.push(out.seconds[name]! * 1000);
        peerOut[name] = out.results[name]!;
      }
      ms[name] = median(ours);
      cpuMs[name] = median(oursCpu);
      peerMs[name] = havePeer ? median(theirs) : Infinity;
      const k = name as keyof typeof alphaSets;
      lines.push(
        `protocol: carb, ${METHOD_ORDER.length} methods × ${alphas.length} α × ${SPLITS} splits = ${evals(k)} evaluations: ${ms[name].toFixed(0)} ms (median of ${ROUNDS} rounds of its best of ${PEER_REPS}; CPU ${cpuMs[name].toFixed(0)} ms per run; split rows of the ${DEFAULT_BUDGETS.length} requested α), ${(evals(k) / (ms[name] / 1000)).toFixed(0)} evaluations/s; first run in the process${name === 'default' ? ' (cold)' : ''} ${first.toFixed(0)} ms`,
      );
      if (!havePeer) continue;
      // untimed, after the timed rounds: every split row, for the agreement with the peer (the frontier's
      // 147,000 row objects, alive during the timed rounds, made every collection in them slower)
      const agree = agreement(runProtocol({ tables, alphas, splits }), peerOut[name]!);
      lines.push(
        `protocol: numpy peer, same tables and splits, ${alphas.length} α: ${peerMs[name].toFixed(0)} ms (median of ${ROUNDS} rounds of its best of ${PEER_REPS}, interleaved with carb), ${(evals(k) / (peerMs[name] / 1000)).toFixed(0)} evaluations/s; ` +
          `carb is ${(peerMs[name] / ms[name]).toFixed(1)}× faster (target ≥ 3×); λ̂ differing: ${agree.lambdaDiffer} of ${evals(k)}, largest metric difference ${agree.maxDiff.toExponential(1)}`,
      );
    }
    const lean = leanPeer(dir);
    if ('skipped' in lean) lines.push(`protocol: lean numpy peer (../shared/bench/peer_protocol_numpy.py) skipped: ${lean.skipped}`);
    const rounds = alternateRounds(
      () => runProtocol({ tables, alphas: alphaSets.default, splits, splitRowAlphas }),
      () => runProtocol({ tables, alphas: alphaSets.frontier, splits, splitRowAlphas }),
      'run' in lean ? lean.run : null,
    );
    if ('failed' in rounds) return [...lines, `protocol: ${rounds.failed}`];
    const each = `median of ${ROUNDS} rounds; each round runs carb's 4 α and ${alphaSets.frontier.length} α sets alternately ${PEER_REPS} times (the best of each kept)${rounds[0]!.lean ? ', then the lean peer once' : ''}`;
    // the lean peer's sets: 4 α, and 105 (its frontier list holds the 4 a second time)
    for (const [count, peerCount, ours] of [
      [alphaSets.default.length, 4, (r: AlternateRound) => r.four],
      [alphaSets.frontier.length, 105, (r: AlternateRound) => r.frontier],
    ] as const) {
      if (rounds[0]!.lean === null) break;
      const theirs = (r: AlternateRound) => r.lean![peerCount]!;
      const faster = median(rounds.map((r) => theirs(r) / ours(r)));
      const pairs = rounds.map((r) => `${ours(r).toFixed(1)} / ${theirs(r)} ms (${(theirs(r) / ours(r)).toFixed(2)})`);
      lines.push(
        `protocol: lean numpy peer, 5 selectors × ${peerCount} α × ${SPLITS} splits (L̄, I, U of the union-ledger selectors only) against carb (7 methods × ${count} α, all metrics): ` +
          `${faster >= 1 ? `carb ${faster.toFixed(1)}× faster` : `carb ${(1 / faster).toFixed(1)}× slower`}, the median of the ratios within rounds ` +
          `(carb / lean peer: ${pairs.join(', ')}; ${each}, its own best of 5) (target: faster)`,
      );
    }
    const cost = median(rounds.map((r) => r.frontier / r.four));
    // one decimal: the figure sits near its 20% target, where a whole percent hides which side it is on
    lines.push(
      `protocol: frontier (${alphaSets.frontier.length} α) costs ${(cost * 100 - 100).toFixed(1)}% over ${alphaSets.default.length} α ` +
        `(${each}: ${rounds.map((r) => `${r.four.toFixed(1)} → ${r.frontier.toFixed(1)} ms`).join(', ')}) (target < 20%)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (!havePeer) lines.push('protocol: numpy peer skipped: python3 with numpy not found');
  return lines;
}
if (import.meta.url === `file://${String(process.argv[1])}`) {
  for (const line of bench()) console.log(line);
}
