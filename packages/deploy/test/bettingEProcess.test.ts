import { describe, expect, it } from 'vitest';
import { BET_CAP, LOG_WEALTH, bettingState, bettingUpdate, monitorRisk, nextBet, riskLowerBounds } from '@carb/deploy';

// m = α = 1/10, losses 1, 1, 0, 1, 0. By hand, with μ̂_t = (1/2 + ΣL)/(t+1),
// σ̂²_t = (1/4 + Σ(L_i − μ̂_i)²)/(t+1) and λ = d / (σ̂² + d²), d = μ̂ − m (aGRAPA, WSR 2024):
//  t=1: μ̂=1/2, σ̂²=1/4, d=2/5: λ = (2/5)/(1/4 + 4/25) = 40/41; L=1: factor 1 + (40/41)(9/10) = 77/41
//       then μ̂_1 = 3/4, Σ dev² = 1/16
//  t=2: μ̂=3/4, σ̂²=(1/4+1/16)/2 = 5/32, d=13/20: λ = (13/20)/(5/32 + 169/400) = 520/463; factor 1 + 468/463 = 931/463
//       then μ̂_2 = 5/6, Σ dev² = 1/16 + 1/36 = 13/144
//  t=3: σ̂² = (1/4 + 13/144)/3 = 49/432, d = 11/15: λ = (11/15)/(49/432 + 121/225) = 7920/7033; L=0: factor 1 − 792/7033 = 6241/7033
//       then μ̂_3 = 5/8, Σ dev² = 13/144 + 25/64 = 277/576
//  t=4: σ̂² = 421/2304, d = 21/40: λ = (21/40)/(421/2304 + 441/1600) = 30240/26401; factor 1 + 27216/26401 = 53617/26401
//       then μ̂_4 = 7/10, Σ dev² = 277/576 + 9/100 = 8221/14400
//  t=5: σ̂² = 11821/72000, d = 3/5: λ = (3/5)/(11821/72000 + 9/25) = 43200/37741; L=0: factor 1 − 4320/37741 = 33421/37741
const BETS = [40 / 41, 520 / 463, 7920 / 7033, 30240 / 26401, 43200 / 37741];
const FACTORS = [77 / 41, 931 / 463, 6241 / 7033, 53617 / 26401, 33421 / 37741];
const LOSSES = [1, 1, 0, 1, 0];

describe('betting e-process (aGRAPA, one-sided)', () => {
  it('bets and grows as computed by hand on five losses', () => {
    const s = bettingState();
    let wealth = 1;
    LOSSES.forEach((loss, i) => {
      expect(nextBet(s, 0.1)).toBeCloseTo(BETS[i]!, 12);
      bettingUpdate(s, loss, 0.1);
      wealth *= FACTORS[i]!;
      expect(Math.exp(s[LOG_WEALTH]!)).toBeCloseTo(wealth, 12);
    });
    // K_5 = 77·931·6241·53617·33421 / (41·463·7033·26401·37741)
    expect(Math.exp(s[LOG_WEALTH]!)).toBeCloseTo(Number(72882599549156929n) / Number(12093348276740809n), 12);
  });

  it('never bets on a loss below m, and never more than c/m', () => {
    const s = bettingState();
    // m = .9: μ̂_0 = 1/2 < m, the one-sided bet is 0 and the wealth stays 1 whatever the loss
    expect(nextBet(s, 0.9)).toBe(0);
    bettingUpdate(s, 0, 0.9);
    expect(s[LOG_WEALTH]).toBe(0);
    // m = .45 after twenty losses of 1: μ̂ = 20.5/21, d ≈ .53 and σ̂² < .02, so d/(σ̂² + d²) > 1.7 > c/m = 1.11…
    const t = bettingState();
    for (let i = 0; i < 20; i++) bettingUpdate(t, 1, 0.45);
    expect(nextBet(t, 0.45)).toBe(BET_CAP / 0.45);
  });

  it('monitorRisk: the alarm is the first t with K_t ≥ 1/δ, the e-value at each checkpoint', () => {
    // K_1 = 1.878, K_2 = 3.776, K_3 = 3.351, K_4 = 6.806, K_5 = 6.027: at δ = .2 (1/δ = 5) the alarm is at t = 4
    const k = (n: number) => FACTORS.slice(0, n).reduce((a, b) => a * b, 1);
    const r = monitorRisk(LOSSES, 0.1, 0.2, [0, 2, 5]);
    expect(r.alarmAt).toBe(4);
    expect(r.checkpoints.map((c) => c.episodes)).toEqual([0, 2, 5]);
    expect(r.checkpoints.map((c) => c.lossSum)).toEqual([0, 2, 3]);
    expect(r.checkpoints[0]!.eValue).toBe(1);
    expect(r.checkpoints[1]!.eValue).toBeCloseTo(k(2), 12);
    expect(r.checkpoints[2]!.eValue).toBeCloseTo(k(5), 12);
    // at δ = .1 (1/δ = 10) it never alarms
    expect(monitorRisk(LOSSES, 0.1, 0.1, [5]).alarmAt).toBeNull();
  });

  it('riskLowerBounds: 0 without losses; rises with losses and stays below the observed rate', () => {
    expect(riskLowerBounds(new Uint8Array(500), 0.05, [500])).toEqual([0]);
    // 400 losses of 1 in 1000: the bound after 1000 is well above .3 and below .4; it never decreases
    const losses = Uint8Array.from({ length: 1000 }, (_, i) => (i % 5 < 2 ? 1 : 0));
    const [a, b, c] = riskLowerBounds(losses, 0.05, [100, 500, 1000]);
    expect(a!).toBeLessThanOrEqual(b!);
    expect(b!).toBeLessThanOrEqual(c!);
    expect(c!).toBeGreaterThan(0.3);
    expect(c!).toBeLessThan(0.4);
  });
});
