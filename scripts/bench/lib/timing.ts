/** Best wall time in ms of `reps` runs of `fn`: the least disturbed run on a shared machine. */
export function best(reps: number, fn: () => void): number {
  let t = Infinity;
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    fn();
    t = Math.min(t, performance.now() - t0);
  }
  return t;
}
