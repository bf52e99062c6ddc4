import { describe, expect, it } from 'vitest';
import { recalibrateCommand, shellQuote } from '@carb/deploy';

describe('recalibrateCommand', () => {
  it('adds the new logs as corpora, keeps every other flag and moves --out', () => {
    const argv = ['calibrate', 'old/a.jsonl', '--pipeline', 'p.json', '--out', 'out/cal', '--alphas', '.05,.10'];
    expect(recalibrateCommand(argv, ['new/b.jsonl', 'new dir/c.jsonl'], 'out/recal')).toBe(
      "carb calibrate new/b.jsonl 'new dir/c.jsonl' old/a.jsonl --pipeline p.json --alphas .05,.10 --out out/recal",
    );
  });
  it('reads --out=x too, and refuses an argv that is not a calibration', () => {
    expect(recalibrateCommand(['calibrate', 'a', '--out=x'], ['b'], 'y')).toBe('carb calibrate b a --out y');
    expect(() => recalibrateCommand(['main'], ['b'], 'y')).toThrow('expected the argv of a carb calibrate run, found "main"');
  });
  it('adds a new log the calibration already read only once', () => {
    expect(recalibrateCommand(['calibrate', 'a', 'b', '--by', 'model'], ['c', 'b'], 'y')).toBe('carb calibrate c a b --by model --out y');
  });
  it('quotes what a shell would split or expand', () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(shellQuote('$HOME')).toBe("'$HOME'");
    expect(shellQuote('a/b.jsonl')).toBe('a/b.jsonl');
  });
});
