import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CommandModule } from 'yargs';
import { withoutOut } from '../argv.ts';

interface VerifyArgs {
  dir: string;
}


export const command: CommandModule<object, VerifyArgs> = {
  command: 'verify <dir>',
  describe: 'Re-run a report from its manifest (same working directory) and check every output byte for byte',
  builder: (y) => y.positional('dir', { type: 'string', demandOption: true, describe: 'report directory with manifest.json' }) as never,
  handler: async (args) => {
    const manifestFile = join(args.dir, 'manifest.json');
    if (!existsSync(manifestFile)) throw new Error(`${manifestFile}: expected a carb manifest, found no file`);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { command?: { argv?: string[] }; outputs?: Record<string, string> };
    const argv = manifest.command?.argv;
    const outputs = manifest.outputs;
    if (!argv?.length || !outputs) throw new Error(`${manifestFile}: expected command.argv and outputs, found ${JSON.stringify(Object.keys(manifest))}`);
    const tmp = mkdtempSync(join(tmpdir(), 'carb-verify-'));
    try {
      const { main } = await import('../main.ts');
      const code = await main([...withoutOut(argv), '--out', tmp]);
      if (code !== 0) throw new Error(`re-running "carb ${argv.join(' ')}" exited with ${code}`);
      const bad: string[] = [];
      for (const [file, hash] of Object.entries(outputs)) {
        const path = join(tmp, file);
        const now = existsSync(path) ? createHash('sha256').update(readFileSync(path)).digest('hex') : 'missing';
        if (now !== hash) bad.push(`${file}: expected sha256 ${hash.slice(0, 12)}…, found ${now === 'missing' ? 'no file' : `${now.slice(0, 12)}…`}`);
      }
      for (const b of bad) process.stderr.write(`${b}\n`);
      const total = Object.keys(outputs).length;
      if (bad.length) {
        process.stdout.write(`verify: ${bad.length} of ${total} outputs differ\n`);
        process.exitCode = 1;
      } else {
        process.stdout.write(`verify: all ${total} outputs identical\n`);
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  },
};
