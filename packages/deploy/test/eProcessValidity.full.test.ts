import { describe, expect, it } from 'vitest';
import { seededRandom } from '@carb/io';
import { LOG_WEALTH, bettingState, bettingUpdate } from '@carb/deploy';

const STREAMS = 10_000;
const LENGTH = 5_000;
const ALPHA = 0.1;
const DELTA = 0.05;

/** Per stream, the episode at which the e-process for H0 risk ≤ ALPHA first reaches 1/δ (0: never within LENGTH). */
function alarmTimes(risk: number, seed: string): Int32Array {
  const rng = seededRandom(seed);
  const state = bettingState();
  const threshold = Math.log(1 / DELTA);
  const at = new Int32Array(STREAMS);
  for (let s = 0; s < STREAMS; s++) {
    state.fill(0);
    for (let t = 0; t < LENGTH; t++) {
      bettingUpdate(state, rng() < risk ? 1 : 0, ALPHA);
      if (state[LOG_WEALTH]! >= threshold) {
        at[s] = t + 1;
        break;
      }
    }
  }
  return at;
}

describe('betting e-process: validity and power by simulation (fixed seeds)', () => {
  it('at risk = α, 10,000 Bernoulli(α) streams of 5,000: alarm share ≤ δ within a binomial tolerance', () => {
    const at = alarmTimes(ALPHA, 'monitor-validity-null');
    const share = at.reduce((k, t) => k + (t > 0 ? 1 : 0), 0) / STREAMS;
    // Ville: P(alarm) ≤ δ; three binomial standard errors of a share δ over 10,000 streams
    const tolerance = 3 * Math.sqrt((DELTA * (1 - DELTA)) / STREAMS);
    console.log(`alarm share at risk α = ${ALPHA}: ${share} (δ = ${DELTA}, tolerance ${tolerance.toFixed(4)})`);
    expect(share).toBeLessThanOrEqual(DELTA + tolerance);
  }, 120_000);

  it('at risk = 2α: every stream alarms, median episodes to alarm reported', () => {
    const at = alarmTimes(2 * ALPHA, 'monitor-power-2alpha');
    const never = at.filter((t) => t === 0).length;
    const sorted = Int32Array.from(at).sort();
    const median = (sorted[STREAMS / 2 - 1]! + sorted[STREAMS / 2]!) / 2;
    console.log(`risk 2α = ${2 * ALPHA}: median episodes to alarm ${median}; streams without alarm in ${LENGTH}: ${never}`);
    expect(never).toBe(0);
    // the Kelly growth rate at p = .2 against m = .1 is ≈ .044 nats per episode: log(20)/.044 ≈ 68 episodes for an oracle bet
    expect(median).toBeGreaterThan(40);
    expect(median).toBeLessThan(400);
  }, 120_000);
});
