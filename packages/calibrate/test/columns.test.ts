import { describe, expect, it } from 'vitest';
import { calibrationSums, stepLossesFromDense, type StepLosses } from '../src/index.ts';
import { EventBuilder } from '../src/eventColumns.ts';
import { MetricRows, NULL_RATE } from '../src/metricRows.ts';
import { emptyCells, sameCell } from '../src/splitCell.ts';

/** S(g) over a calibration fold, as plain numbers (these sums fit doubles). */
function sums(losses: StepLosses, cal: number[]): number[] {
  return Array.from(calibrationSums(losses, Int32Array.from(cal)) as Float64Array);
}

describe('the protocol columns (issue 26)', () => {
  it('MetricRows keeps each row through growth and reads null stop rates back as null', () => {
    const rows = Array.from({ length: 70 }, (_, i) => ({
      loss: i / 7,
      intervention: 1 - i / 70,
      utility: i % 3,
      stepRate: 1 / (i + 1),
      ctxSelected: i * 2,
      ctxFull: i * 3,
      harmStop: i % 2 ? null : i / 100,
      benignStop: i % 5 ? 0 : null,
    }));
    const m = MetricRows.of(rows);
    expect(m.size).toBe(70);
    rows.forEach((r, i) => expect(m.row(i)).toEqual(r));
    // room for one row grows seven times on the way to 70, every column kept
    const grown = new MetricRows(1);
    for (const r of rows) {
      const i = grown.add();
      grown.loss[i] = r.loss;
      grown.benignStop[i] = r.benignStop ?? NULL_RATE;
    }
    expect(Array.from(grown.loss.subarray(0, 70))).toEqual(rows.map((r) => r.loss));
    expect([5, 65].map((i) => grown.row(i).benignStop)).toEqual([null, null]);
    expect(grown.row(69).benignStop).toBe(0);
    expect(m.row(3).harmStop).toBeNull();
    expect(m.row(4).harmStop).toBe(0.04);
    expect(m.row(5).benignStop).toBeNull();
    expect(m.row(6).benignStop).toBe(0);
  });

  it('EventBuilder lists each episode’s events in CSR order across growth', () => {
    const b = new EventBuilder(3, 2);
    for (let k = 0; k < 1500; k++) b.push(k % 100, k, -k);
    b.close(0);
    b.close(1);
    b.push(7, 0.5, 0.25);
    b.close(2);
    const ev = b.done();
    expect(Array.from(ev.offset)).toEqual([0, 1500, 1500, 1501]);
    expect(ev.at[1499]).toBe(99);
    expect(ev.columns[0]![1234]).toBe(1234);
    expect(ev.columns[1]![1234]).toBe(-1234);
    expect([ev.at[1500], ev.columns[0]![1500], ev.columns[1]![1500]]).toEqual([7, 0.5, 0.25]);
    expect(ev.at.length).toBe(1501);
  });

  it('EventBuilder with a known capacity: exact, under (grows) and over (trimmed) give the same events', () => {
    for (const capacity of [4, 1, 9]) {
      const b = new EventBuilder(2, 1, capacity);
      b.push(1, 10);
      b.push(2, 20);
      b.close(0);
      b.push(3, 30);
      b.push(4, 40);
      b.close(1);
      const ev = b.done();
      expect([Array.from(ev.offset), Array.from(ev.at), Array.from(ev.columns[0]!)]).toEqual([
        [0, 2, 4],
        [1, 2, 3, 4],
        [10, 20, 30, 40],
      ]);
    }
  });

  it('binary losses count one rise per episode (single); hand-computed sums equal the general path', () => {
    // rises at g = 1, 3 and never (G = 4)
    const binary = stepLossesFromDense(new Uint8Array([0, 1, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0]), 3, 4, 1, ['a', 'b', 'c']);
    expect(Array.from(binary.single!)).toEqual([1, 3, 4]);
    expect(sums(binary, [0, 2])).toEqual([0, 1, 1, 1]);
    expect(sums(binary, [2, 1, 0])).toEqual([0, 1, 1, 2]);
    // two rises in one episode: no single column; S(g) of units 1 then 2 (of D = 2)
    const graded = stepLossesFromDense(new Uint8Array([0, 1, 2, 0, 0, 1]), 2, 3, 2, ['a', 'b']);
    expect(graded.single).toBeNull();
    expect(sums(graded, [0, 1])).toEqual([0, 1, 3]);
    // one class of 2 units, one rise each: single again, each count weighs 2
    const twos = stepLossesFromDense(new Uint8Array([0, 2, 2, 0, 0, 2]), 2, 3, 2, ['a', 'b']);
    expect(Array.from(twos.single!)).toEqual([1, 2]);
    expect(sums(twos, [0, 1])).toEqual([0, 2, 4]);
    // one rise each of two sizes (the step-rate envelope's form): slots cls·G + at, never at K·G = 6
    const sizes = stepLossesFromDense(new Uint8Array([0, 1, 1, 0, 0, 2, 0, 0, 0]), 3, 3, 2, ['a', 'b', 'c']);
    expect(Array.from(sizes.single!)).toEqual([1, 5, 6]);
    expect(sums(sizes, [0, 1, 2])).toEqual([0, 1, 3]);
    expect(sums(sizes, [2, 1, 2, 1, 2])).toEqual([0, 0, 4]);
  });

  it('one method’s cells are independent views sharing the split column', () => {
    const split = Int32Array.from([4, 5, 6]);
    const metrics = new MetricRows();
    const {
      cells: [a, b, c],
      buffers,
    } = emptyCells(3, split, metrics);
    a!.lambdaIndex[2] = 9;
    b!.row[0] = 1;
    expect(Array.from(a!.lambdaIndex)).toEqual([0, 0, 9]);
    expect(Array.from(b!.lambdaIndex)).toEqual([0, 0, 0]);
    expect(Array.from(c!.row)).toEqual([0, 0, 0]);
    expect(a!.split).toBe(b!.split);
    expect(sameCell(a!, c!)).toBe(false);
    expect(sameCell(b!, c!)).toBe(false);
    c!.row[0] = 1;
    expect(sameCell(b!, c!)).toBe(true);
    // kept buffers serve a run of no more entries; a larger run gets its own
    expect(emptyCells(2, split, metrics, buffers).buffers).toBe(buffers);
    expect(emptyCells(4, split, metrics, buffers).buffers).not.toBe(buffers);
  });

  it('MetricRows.reset empties the rows and keeps room for the next run', () => {
    const m = MetricRows.of([
      { loss: 1, intervention: 0, utility: 0, stepRate: 0, ctxSelected: 0, ctxFull: 0, harmStop: null, benignStop: null },
    ]);
    const columns = m.loss;
    expect(m.reset(1).size).toBe(0);
    expect(m.loss).toBe(columns);
    m.reset(100);
    expect(m.loss.length).toBeGreaterThanOrEqual(100);
    expect(m.add()).toBe(0);
  });
});
