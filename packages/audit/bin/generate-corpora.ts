// node --import tsx packages/audit/bin/generate-corpora.ts: rewrites the shipped audit corpora.
import { writeAuditCorpora } from '../src/generate/writeCorpora.ts';

for (const line of writeAuditCorpora()) process.stdout.write(`${line}\n`);
