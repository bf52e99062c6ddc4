import { createHash } from 'node:crypto';
import { lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OUTPUT_MARKER, lstatOrNull, outputFolderProblem, outputLocationProblem, readOutputMarker, type OutputRule } from '@carb/io';

const HEX64 = /^[0-9a-f]{64}$/;
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

function isRegularFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}

/** dir/manifest.json parsed, or null when it is no JSON object. */
function readManifest(dir: string): Record<string, unknown> | null {
  try {
    if (!isRegularFile(join(dir, 'manifest.json'))) return null;
    const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as unknown;
    return m && typeof m === 'object' && !Array.isArray(m) ? (m as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * `outputs` of a carb manifest (carbVersion, command.argv, outputs: relative path → SHA-256)
 * when every file it lists is in `dir` with that digest; else null.
 */
function matchingOutputs(dir: string, m: Record<string, unknown> | null): Record<string, string> | null {
  if (!m || typeof m.carbVersion !== 'string') return null;
  const argv = (m.command as { argv?: unknown } | undefined)?.argv;
  if (!Array.isArray(argv) || !argv.every((a) => typeof a === 'string')) return null;
  const outputs = m.outputs as Record<string, unknown> | undefined;
  if (!outputs || typeof outputs !== 'object' || Array.isArray(outputs)) return null;
  for (const [file, hash] of Object.entries(outputs)) {
    if (typeof hash !== 'string' || !HEX64.test(hash) || file.split('/').some((p) => p === '' || p === '.' || p === '..')) return null;
    const path = join(dir, file);
    if (!isRegularFile(path) || sha256(readFileSync(path)) !== hash) return null;
  }
  return outputs as Record<string, string>;
}

/**
 * A report of carb before the output marker: manifest.json a carb manifest whose listed
 * outputs are all there with their recorded digests. Its files, or null.
 */
function earlierReport(dir: string): string[] | null {
  const outputs = matchingOutputs(dir, readManifest(dir));
  return outputs ? [...Object.keys(outputs), 'manifest.json'] : null;
}

/**
 * The output rule of a report folder (carb calibrate, a section of carb main): replaced whole,
 * and only when carb wrote it: its marker, listed in its manifest, or (reports of earlier
 * versions) a manifest whose every output matches. A folder that merely holds a manifest.json
 * is not a report.
 */
export const REPORT_RULE: OutputRule = { kind: 'report', recognise: earlierReport };

/** The files carb main writes at the top of its folder, beside one folder per section. */
export const SECTIONS_TOP_FILES = ['index.html', 'manifest.json', 'tables.md', OUTPUT_MARKER] as const;

/** Kind of the top folder of carb main (its marker lists its top files; the sections carry their own). */
export const SECTIONS_KIND = 'report-sections';

/** Top files the top folder's marker, or (earlier versions) its manifest with matching outputs, says carb wrote. */
function carbTopFiles(dir: string): Set<string> {
  const marker = readOutputMarker(dir);
  if (marker) return new Set(marker.kind === SECTIONS_KIND ? [...(marker.files ?? []), OUTPUT_MARKER] : []);
  const m = readManifest(dir);
  const top = m && m.sections && typeof m.sections === 'object' ? matchingOutputs(dir, m) : null;
  return new Set(top ? [...Object.keys(top), 'manifest.json'] : []);
}

/**
 * Why carb main may not write its report into `dir` with these section slugs, or null. It
 * writes only `<slug>/` (each a report folder, REPORT_RULE) and its top files, and leaves
 * anything else in `dir` alone (other carb outputs, the user's files); so each of those it
 * would replace must be carb's. One line naming the folder or file.
 */
export function sectionsTargetProblem(dir: string, slugs: readonly string[]): string | null {
  const where = outputLocationProblem(dir);
  if (where !== null) return where;
  const st = lstatOrNull(dir);
  if (st === null) return null;
  if (st.isSymbolicLink()) return `${dir} is a symbolic link; carb never writes through links, so give the folder itself`;
  if (!st.isDirectory()) return `${dir} is a file; expected a folder for the report (new, empty, or one carb main wrote)`;
  const marker = readOutputMarker(dir);
  if (marker && marker.kind !== SECTIONS_KIND)
    return `${dir} holds carb ${marker.kind} output; expected a new or empty folder, or one carb main wrote`;
  const ours = carbTopFiles(dir);
  for (const f of SECTIONS_TOP_FILES) {
    let exists = true;
    try {
      lstatSync(join(dir, f));
    } catch {
      exists = false;
    }
    if (exists && !ours.has(f))
      return `${join(dir, f)} exists and carb did not write it; carb main writes its ${SECTIONS_TOP_FILES.slice(0, 3).join(', ')} there, so move it away or choose another --out`;
  }
  for (const slug of slugs) {
    const problem = outputFolderProblem(join(dir, slug), REPORT_RULE);
    if (problem) return problem;
  }
  return null;
}

/**
 * Why a report cannot be written to `dir` (see REPORT_RULE), or null when it can. Commands
 * check it before any work, so a bad --out costs nothing.
 */
export function reportTargetProblem(dir: string): string | null {
  return outputFolderProblem(dir, REPORT_RULE);
}
