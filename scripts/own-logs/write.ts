// npx tsx scripts/own-logs/write.ts: (re)writes the worked example corpora/own-logs/* (all but its README.md)
// from the generator's fixed seed; test/own-logs.test.ts checks the files are these bytes.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '@carb/io';
import { OWN_LOGS_DIR, ROOT, ownLogsFiles } from './generate.ts';

const dir = join(ROOT, OWN_LOGS_DIR);
mkdirSync(dir, { recursive: true });
for (const [name, text] of ownLogsFiles()) {
  writeFileAtomic(join(dir, name), text);
  process.stdout.write(`wrote ${OWN_LOGS_DIR}/${name} (${Buffer.byteLength(text)} bytes)\n`);
}
