import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Corpus digests that differ between the recorded manifests (the folder's and every listed
 * section manifest) and the re-run's: the corpus the command reads changed since the report.
 */
export function corpusChanges(dir: string, tmp: string, outputs: Record<string, string>): string[] {
  // compared and printed as text: a digest is a string, anything else in its place is shown as JSON
  const digest = (file: string): string | undefined => {
    try {
      const d = (JSON.parse(readFileSync(file, 'utf8')) as { corpus?: { digest?: unknown } } | null)?.corpus?.digest;
      return d === undefined || typeof d === 'string' ? d : JSON.stringify(d);
    } catch {
      return undefined;
    }
  };
  const manifests = ['manifest.json', ...Object.keys(outputs).filter((f) => f.endsWith('/manifest.json'))];
  return manifests.flatMap((m) => {
    const [was, now] = [digest(join(dir, m)), digest(join(tmp, m))];
    return was !== undefined && now !== undefined && was !== now
      ? [`${join(dir, m)}: corpus: expected digest ${was}, found ${now} in the re-run: the corpus it reads changed since the report`]
      : [];
  });
}
