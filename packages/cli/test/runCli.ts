import { vi } from 'vitest';
import { main } from '../src/main.ts';

export interface CliRun {
  code: number;
  out: string;
  err: string;
  /** stderr split into lines (no trailing empty line). */
  errLines: string[];
}

/** Runs `carb argv` in this process, capturing stdout and stderr. */
export async function runCli(argv: string[]): Promise<CliRun> {
  let out = '';
  let err = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((s) => {
    out += String(s);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((s) => {
    err += String(s);
    return true;
  });
  process.exitCode = 0;
  try {
    const code = await main(argv);
    return { code, out, err, errLines: err.split('\n').filter((l) => l !== '') };
  } finally {
    vi.restoreAllMocks();
    process.exitCode = 0;
  }
}
