import { seededRandom } from '@carb/io';
import { PythonRandom } from './pythonRandom.ts';

/** `python`: CPython random.Random(seed).shuffle; `seedrandom`: Fisher–Yates on seedrandom(String(seed)). */
export type SplitRng = 'python' | 'seedrandom';

/** Shuffles in place with the chosen generator. */
export function shuffleWith<T>(rng: SplitRng, seed: number, x: T[]): T[];
export function shuffleWith(rng: SplitRng, seed: number, x: Int32Array): Int32Array;
export function shuffleWith<T>(rng: SplitRng, seed: number, x: T[] | Int32Array): T[] | Int32Array {
  if (rng === 'python') return x instanceof Int32Array ? new PythonRandom(seed).shuffleInt32(x) : new PythonRandom(seed).shuffle(x);
  const r = seededRandom(String(seed));
  for (let i = x.length - 1; i >= 1; i--) {
    const j = Math.floor(r() * (i + 1));
    const t = x[i]!;
    x[i] = x[j]!;
    x[j] = t;
  }
  return x;
}
