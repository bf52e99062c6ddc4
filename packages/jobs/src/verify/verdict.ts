import type { VerifyResult } from './verify.ts';

/** The verdict line of `carb verify`: where verify stopped and why. */
export function verifyVerdict(dir: string, r: VerifyResult): string {
  const n = r.findings.length;
  switch (r.stage) {
    case 'pin':
      return 'verify: manifest is not the pinned one; not re-run';
    case 'folder':
      return `verify: ${n} file(s) of ${dir} differ from its manifest (${r.total} outputs listed); not re-run`;
    case 'inputs':
      return `verify: ${n} input(s) of ${r.manifestFile} changed since the report; not re-run`;
    case 'rerun':
      return n
        ? `verify: the re-run differs from ${dir} (${n} finding(s); ${r.total + 1} files compared)`
        : `verify: all ${r.total} outputs and manifest.json match the folder and the re-run`;
  }
}
