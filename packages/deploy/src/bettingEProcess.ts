/**
 * One-sided betting e-process for H0: E[L] ≤ m, losses L ∈ [0, 1] (Waudby-Smith & Ramdas,
 * "Estimating means of bounded random variables by betting", JRSS-B 2024, §3 and §B.3):
 * K_t = Π_{i≤t} (1 + λ_i (L_i − m)) with λ_i chosen before L_i is seen (predictable) in
 * [0, c/m]. Every factor is > 0 (L ≥ 0 and λ m ≤ c < 1) and, under H0, E[factor | past] =
 * 1 + λ_i (E L_i − m) ≤ 1: K is a nonnegative supermartingale, so by Ville's inequality
 * P(sup_t K_t ≥ 1/δ) ≤ δ — an alarm at K_t ≥ 1/δ is anytime-valid, however often one looks.
 *
 * The bet is their aGRAPA plug-in (approximate growth-rate adaptive to the particular
 * alternative, §B.3): λ_t = (μ̂_{t−1} − m) / (σ̂²_{t−1} + (μ̂_{t−1} − m)²), truncated to
 * [0, c/m] (one-sided: never bet on the loss being below m), with their regularised running
 * estimates μ̂_t = (1/2 + Σ L_i) / (t + 1) and σ̂²_t = (1/4 + Σ (L_i − μ̂_i)²) / (t + 1), and
 * c = 1/2 as in their experiments.
 *
 * The state is a Float64Array of BETTING_STATE_SIZE slots updated in place, so a simulation of
 * 10⁴ × 5·10³ steps allocates nothing per step. Wealth is kept as its logarithm (no overflow).
 */
export const BETTING_STATE_SIZE = 4;
/** Slots of the state: steps seen, log K_t, Σ L_i, Σ (L_i − μ̂_i)². */
export const T = 0,
  LOG_WEALTH = 1,
  SUM = 2,
  SQ_DEV = 3;
/** WSR's truncation c: a bet never risks more than c of the wealth on one loss of 0. */
export const BET_CAP = 0.5;

/** A fresh state (t = 0, K_0 = 1). */
export function bettingState(): Float64Array {
  return new Float64Array(BETTING_STATE_SIZE);
}

/** The bet λ_{t+1} the state commits to before the next loss is seen (aGRAPA, one-sided, truncated). */
export function nextBet(state: Float64Array, m: number): number {
  const t = state[T]!;
  const mean = (0.5 + state[SUM]!) / (t + 1);
  const variance = (0.25 + state[SQ_DEV]!) / (t + 1);
  const d = mean - m;
  const bet = d / (variance + d * d);
  return bet <= 0 ? 0 : Math.min(bet, BET_CAP / m);
}

/** Takes one loss L ∈ [0, 1] into the e-process for m: bets, then updates the running estimates. */
export function bettingUpdate(state: Float64Array, loss: number, m: number): void {
  const bet = nextBet(state, m);
  state[LOG_WEALTH]! += Math.log1p(bet * (loss - m));
  const t = state[T]! + 1;
  state[T] = t;
  state[SUM]! += loss;
  const mean = (0.5 + state[SUM]!) / (t + 1);
  state[SQ_DEV]! += (loss - mean) * (loss - mean);
}
