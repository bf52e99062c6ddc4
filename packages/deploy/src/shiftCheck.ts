import { conformalPValues } from './conformalPValues.ts';
import { permutationKsTest, type PermutationTest } from './permutationTest.ts';
import { simpleJumper, type MartingalePath } from './simpleJumper.ts';
import { unseenTools, type UnseenTools } from './unseenTools.ts';

/** The label-free shift check of one stratum of new logs against the calibration fingerprint. */
export interface StratumShift {
  stratum: string;
  n: number;
  test: PermutationTest;
  /** null when the fingerprint has no tool vocabulary. */
  unseen: UnseenTools | null;
  /** p < level. */
  shifted: boolean;
  verdict: string;
}

/** The whole check: per stratum (pooled first), and the exchangeability martingale over the new logs in log order. */
export interface ShiftCheck {
  calibrationEpisodes: number;
  permutations: number;
  level: number;
  strata: StratumShift[];
  martingale: MartingalePath;
  /** The Ville alarm's one line. */
  martingaleLine: string;
}

export interface ShiftInput {
  /** First-stop indices (runsFrom) of the calibration episodes of the deployed row's stratum. */
  calibration: readonly number[];
  /** The new episodes in log order: stratum, first-stop index, tool → calls. */
  fresh: ReadonlyArray<{ stratum: string; runsFrom: number; tools: ReadonlyMap<string, number> }>;
  /** The fingerprint's tool vocabulary, or null. */
  vocabulary: Readonly<Record<string, number>> | null;
  /** Grid size G (first-stop indices are 0 … G). */
  grid: number;
  permutations: number;
  seed: string;
  /** Test level and Ville δ (alarm at 1/δ). */
  level: number;
}

const p3 = (p: number) => (p < 0.001 ? p.toExponential(1) : p.toFixed(3));

/** Per-stratum verdict line. */
function verdictLine(test: PermutationTest, level: number, unseen: UnseenTools | null): string {
  const tools =
    unseen && unseen.unseen > 0 ? `; ${(100 * unseen.share!).toFixed(1)} % of tool calls are to tools unseen at calibration` : '';
  return test.p < level
    ? `these logs do not look exchangeable with the calibration corpus: p = ${p3(test.p)} (KS D = ${test.d.toFixed(3)})${tools}; the guarantee does not carry over; recalibrate or monitor`
    : `no evidence of shift in the first-stop indices: p = ${p3(test.p)} (KS D = ${test.d.toFixed(3)})${tools}; exchangeability is not refuted (nor proven)`;
}

/**
 * Compares new logs with the calibration fingerprint without labels: a seeded permutation
 * two-sample Kolmogorov–Smirnov test of the first-stop indices per stratum (pooled "all"
 * first), the share of calls to tools unseen at calibration, and the simple-jumper
 * exchangeability martingale over the new episodes' conformal p-values, in log order, with
 * its Ville alarm at 1/level.
 */
export function shiftCheck(o: ShiftInput): ShiftCheck {
  const names = [...new Set(o.fresh.map((f) => f.stratum))].sort();
  const groups: Array<[string, ShiftInput['fresh']]> = [
    ['all', o.fresh],
    ...(names.length > 1 || (names[0] !== undefined && names[0] !== 'all')
      ? names.map((s) => [s, o.fresh.filter((f) => f.stratum === s)] as [string, ShiftInput['fresh']])
      : []),
  ];
  const strata = groups
    .filter(([, g]) => g.length > 0)
    .map(([stratum, g]) => {
      const test = permutationKsTest(
        o.calibration,
        g.map((f) => f.runsFrom),
        o.grid + 1,
        o.permutations,
        `${o.seed}/${stratum}`,
      );
      let unseen: UnseenTools | null = null;
      if (o.vocabulary) {
        const calls = new Map<string, number>();
        for (const f of g) for (const [tool, c] of f.tools) calls.set(tool, (calls.get(tool) ?? 0) + c);
        unseen = unseenTools(o.vocabulary, calls);
      }
      return { stratum, n: g.length, test, unseen, shifted: test.p < o.level, verdict: verdictLine(test, o.level, unseen) };
    });
  const martingale = simpleJumper(
    conformalPValues(
      o.calibration,
      o.fresh.map((f) => f.runsFrom),
      `${o.seed}/martingale`,
    ),
    o.level,
  );
  const line =
    martingale.alarmAt !== null
      ? `exchangeability martingale: alarm at episode ${martingale.alarmAt} of ${o.fresh.length} (M ≥ 1/δ = ${1 / o.level}; max ${martingale.max.toPrecision(3)}): the new logs, in log order, are not exchangeable with the calibration (anytime-valid at δ ${o.level})`
      : `exchangeability martingale: no alarm over ${o.fresh.length} episodes (max M ${martingale.max.toPrecision(3)} < 1/δ = ${1 / o.level})`;
  return {
    calibrationEpisodes: o.calibration.length,
    permutations: o.permutations,
    level: o.level,
    strata,
    martingale,
    martingaleLine: line,
  };
}
