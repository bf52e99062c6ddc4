import { describe, expect, it } from 'vitest';
import {
  fmtAlpha,
  fmtCount,
  fmtDecimal,
  fmtMetric,
  fmtSigned,
  fmtThreshold,
  roundFixed,
  roundFixedText,
  toFixedEven,
} from '../src/index.ts';

describe('paper number format', () => {
  it('drops the leading zero at 3 decimals', () => {
    expect(fmtDecimal(0.133)).toBe('.133');
    expect(fmtDecimal(0.1334999)).toBe('.133');
    expect(fmtDecimal(0.1335001)).toBe('.134');
    expect(fmtDecimal(1)).toBe('1.000');
    expect(fmtDecimal(0)).toBe('.000');
    expect(fmtDecimal(-0.0094)).toBe('-.009');
    expect(fmtDecimal(-0.0001)).toBe('.000');
  });
  it('rounds exact binary ties to even like Python, otherwise correctly', () => {
    expect(toFixedEven(0.0625, 3)).toBe('0.062'); // JS toFixed says 0.063
    expect(toFixedEven(0.1875, 3)).toBe('0.188');
    expect(toFixedEven(0.125, 2)).toBe('0.12');
    expect(toFixedEven(0.375, 2)).toBe('0.38');
    expect(toFixedEven(-0.0625, 3)).toBe('-0.062');
    // 0.0005 is not a binary tie: its double lies below the midpoint
    expect(toFixedEven(0.0005, 3)).toBe((0.0005).toFixed(3));
    expect(toFixedEven(2.675, 2)).toBe('2.67');
  });
  it('formats cells of each table kind', () => {
    expect(fmtMetric(null)).toBe('–');
    expect(fmtMetric(0.5)).toBe('.500');
    expect(fmtThreshold(0.24)).toBe('.24');
    expect(fmtThreshold(1)).toBe('1.00');
    expect(fmtThreshold(-1)).toBe('λ⊥');
    expect(fmtThreshold(null)).toBe('–');
    expect(fmtSigned(0.102)).toBe('+.102');
    expect(fmtSigned(-0.163)).toBe('-.163');
    expect(fmtSigned(0.0002)).toBe('+.000');
    expect(fmtSigned(-0.0002)).toBe('+.000');
    expect(roundFixed(0.1234567891)).toBe(0.123457);
    expect(Object.is(roundFixed(-1e-9), 0)).toBe(true);
  });
  it('prints a rounded number as splits.csv needs it, without trailing zeros or −0', () => {
    // hand-written: 407/1293 = 0.31477184…, 1/3, 1/1294 = 0.00077279…, cells rounding to zero (5e-7 is stored just below it)
    expect([407 / 1293, 1 / 3, 1 / 1294, 0.5, -0.25, 2, 0, -0, -4e-7, 0.0000005, 1e-6].map((x) => roundFixedText(x))).toEqual([
      '0.314772',
      '0.333333',
      '0.000773',
      '0.5',
      '-0.25',
      '2',
      '0',
      '0',
      '0',
      '0',
      '0.000001',
    ]);
    expect(roundFixedText(1 / 3, 2)).toBe('0.33');
    expect(roundFixedText(2.5, 0)).toBe('3');
    expect(roundFixedText(-0.3, 0)).toBe('0');
    expect(roundFixedText(1e21 + 0.5)).toBe('1e+21');
    expect(roundFixedText(1234567890.1234567)).toBe('1234567890.123457');
  });
  it('formats every budget one way: three decimals, more only when α needs them', () => {
    // the table budgets as Tables 4, 5 and 7 print them
    expect([0.025, 0.05, 0.1, 0.2].map((a) => fmtAlpha(a))).toEqual(['.025', '.050', '.100', '.200']);
    // α = 1/(n+1) of the frontier: 1/377 = .0026525..., six decimals, not a lossy ".003"
    expect(fmtAlpha(1 / 377)).toBe('.002653');
    expect(fmtAlpha(0.0125)).toBe('.0125');
    expect(fmtAlpha(1)).toBe('1.000');
    expect(fmtCount(2000)).toBe('2,000');
    expect(fmtCount(753)).toBe('753');
    expect(fmtCount(1234567)).toBe('1,234,567');
  });
});
