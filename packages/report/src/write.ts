import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { POOLED_STRATUM, type DeployRow, type SplitResult, type SummaryRow } from '@carb/calibrate';
import { OUTPUT_MARKER, escapeHtml, lockOutput, markdownText, outputMarkerText, writeFileAtomic, writeOutputFolder } from '@carb/io';
import type { Pipeline } from '@carb/pipeline';
import { corpusMarkdown } from './corpusSection.ts';
import { defaultTables } from './defaultTables.ts';
import { definitionsMarkdown } from './definitions.ts';
import { deployMarkdown, deploySummaryLine } from './deploySection.ts';
import { frontierSvg } from './frontier.ts';
import { reportGroups, type ReportGroup } from './groups.ts';
import { htmlPage, markdownToHtml } from './html.ts';
import type { ManifestInput } from './manifest.ts';
import { svgToPngAsync } from './png.ts';
import { splitsArrow, splitsCsv } from './splits.ts';
import { summaryJson } from './summaryJson.ts';
import { REPORT_RULE, SECTIONS_KIND, sectionsTargetProblem } from './target.ts';
import type { PairedDiff } from './types.ts';

/** One plot: written as `<name>.svg` and `<name>.png`, inlined in index.html. */
export interface Plot {
  name: string;
  svg: string;
}

/** Everything one report directory shows. */
export interface ReportInput {
  title: string;
  summary: SummaryRow[];
  splitResults: SplitResult[];
  paired?: PairedDiff[];
  /** Pinned pipeline; writeReport adds `outputs`. Without it no manifest.json is written. */
  manifest?: ManifestInput;
  /** Heading → Markdown table (our pipe-table dialect). Default: defaultTables of the summary. */
  tables?: Record<string, string>;
  /** Default: one frontier plot of the summary. */
  plots?: Plot[];
  /** Paragraphs shown under the title. */
  notes?: string[];
  /** Thresholds to ship (deploy.json; the report opens with a Deploy section when present). */
  deploy?: DeployRow[];
  /** The frozen pipeline the thresholds belong to, written as pipeline.json beside deploy.json (a gate loads both). */
  pipeline?: Pipeline;
  /** What was read and what the protocol used. */
  corpusStats?: CorpusStats;
  /**
   * Method → the corpus-specific cause of its odd cells (e.g. why Full-prefix stops every
   * graph-braid episode), appended to the generic note under the table. Added by the report
   * package (issue 10 item 7); optional.
   */
  oddCellReasons?: Record<string, string>;
  /**
   * The calibration's content-free fingerprint (fingerprint.json beside deploy.json, which
   * `carb apply` checks new logs against); listed in the manifest's outputs, not linked from
   * index.html.
   */
  fingerprint?: string;
  /** Why the deployment is degenerate (degenerateDeployment), shown at the top of the Deploy section; absent for a sound run. */
  warnings?: string[];
}

/** Episodes read, excluded (by reason) and used, and the fold sizes of the split protocol. */
export interface CorpusStats {
  /** Episodes read from the input (before exclusions). */
  read: number;
  /** Excluded episodes by reason (e.g. "aborted", "invalid record"), counts > 0 only. */
  excluded: Array<{ reason: string; count: number }>;
  /** Episodes calibrated on (pooled). */
  used: number;
  nCal: number;
  nTest: number;
  /** Per stratum of `--by`: its episodes and fold sizes. */
  strata?: Array<{ stratum: string; used: number; nCal: number; nTest: number }>;
}

/** Files written (relative path → SHA-256; manifest.json not listed) and the SHA-256 of manifest.json's bytes. */
export interface WrittenReport {
  outputs: Record<string, string>;
  /** SHA-256 of manifest.json as written: pins the whole run in one string (`carb verify --expect-manifest-hash`). */
  manifestHash?: string;
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** `# title`, then the lead sections (each its own `## ...` Markdown), then one `## name` per table. */
function tablesMarkdown(title: string, tables: Record<string, string>, lead: readonly string[] = []): string {
  // a heading carries stratum names from the data: escaped so that it stays one line of text
  return (
    `# ${markdownText(title)}\n` +
    lead.map((md) => `\n${md}`).join('') +
    Object.entries(tables)
      .map(([name, md]) => `\n## ${markdownText(name)}\n\n${md}`)
      .join('')
  );
}

function linkList(files: string[]): string {
  return `<nav>${files.map((f) => `<a href="${escapeHtml(f)}">${escapeHtml(f)}</a>`).join('\n')}</nav>`;
}

function manifestHtml(m: ManifestInput): string {
  const rows = Object.entries(m.components)
    .map(([k, h]) => `<tr><td>${escapeHtml(k)}</td><td class="hash">${escapeHtml(h)}</td></tr>`)
    .join('\n');
  return (
    `<h2>Pinned pipeline</h2>\n<p>carb ${escapeHtml(m.carbVersion)} · pipeline hash <span class="hash">${escapeHtml(m.pipelineHash)}</span></p>\n` +
    `<p>Re-run: <code>${escapeHtml(m.command.argv.join(' '))}</code></p>\n` +
    `<table>\n<thead><tr><th>Component</th><th>SHA-256</th></tr></thead>\n<tbody>\n${rows}\n</tbody>\n</table>`
  );
}

/** File-name part for a stratum / guarantee group ("frontier-gpt-4o-high-probability"). */
function plotSlug(g: ReportGroup): string {
  const s = `${g.stratum}${g.guarantee === 'high-probability' ? '-high-probability' : ''}`
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `frontier-${s || 'stratum'}`;
}

/** One frontier per stratum × guarantee: "frontier" for the first (pooled, expectation), named after the group for the rest. */
function defaultPlots(title: string, groups: readonly ReportGroup[]): Plot[] {
  return groups.map((g, i) => ({
    name: i === 0 ? 'frontier' : plotSlug(g),
    svg: frontierSvg(g.rows, { title: `${groups.length > 1 ? `${title} — ${g.label}` : title}: risk–utility frontier` }),
  }));
}

/** What opens the page and tables.md: Deploy (when given), Episodes (when given), Definitions. */
function leadMarkdown(input: ReportInput): string[] {
  const parts: string[] = [];
  const stats = input.corpusStats;
  if (input.deploy && input.deploy.length > 0) {
    const folds = (stratum: string) => {
      if (!stats) return null;
      const s = stats.strata?.find((x) => x.stratum === stratum);
      return s ?? (stratum === POOLED_STRATUM ? stats : null);
    };
    parts.push(deployMarkdown(input.deploy, input.summary, folds, input.warnings ?? []));
  }
  if (stats) parts.push(corpusMarkdown(stats, input.summary[0]?.splits ?? null));
  parts.push(definitionsMarkdown(input.summary));
  return parts;
}

/** A report file's bytes, or the PNG still being rendered off this thread. */
type PendingData = string | Uint8Array | Promise<Uint8Array>;

/** PNG renders started ahead of their report (startPlotRenders), by SVG text; each taken once. */
const rendering = new Map<string, Promise<Uint8Array>>();

/**
 * The PNG of `svg`: the render started ahead for it, or one started now. Its writer awaits it only
 * once the files ready are written, so a failed render is handled now (the writer still sees it),
 * not left an unhandled rejection meanwhile.
 */
function pngOf(svg: string): Promise<Uint8Array> {
  const started = rendering.get(svg);
  if (started) {
    rendering.delete(svg);
    return started;
  }
  const png = svgToPngAsync(svg);
  void png.catch(() => undefined);
  return png;
}

/**
 * Starts rendering the PNG of every plot a report of `input` will show (its frontier by default)
 * on the renderer thread, so a caller with more work before writeReport (the next section of carb
 * main; carb calibrate's deploy rows, from the summaries on) overlaps the rasterising with it.
 * The report then takes these renders, by SVG text; the bytes are the same either way.
 */
export function startPlotRenders(input: Pick<ReportInput, 'title' | 'summary' | 'paired' | 'plots'>): void {
  const groups = reportGroups(input.title, input.summary, input.paired ?? []);
  for (const p of input.plots ?? defaultPlots(input.title, groups)) {
    if (rendering.has(p.svg)) continue;
    const png = svgToPngAsync(p.svg);
    // a report that fails before taking its render must not turn the render's failure into an unhandled rejection
    void png.catch(() => undefined);
    rendering.set(p.svg, png);
  }
}

/**
 * File name → bytes of one report directory, index.html included, manifest.json excluded;
 * PNGs as renders in flight, started first so that they overlap the rest.
 */
function reportFiles(input: ReportInput): Map<string, PendingData> {
  const groups = reportGroups(input.title, input.summary, input.paired ?? []);
  const plots = input.plots ?? defaultPlots(input.title, groups);
  const pngs = plots.map((p) => pngOf(p.svg));
  const files = new Map<string, PendingData>();
  files.set('summary.json', summaryJson(input.summary));
  if (input.deploy) files.set('deploy.json', JSON.stringify(input.deploy, null, 2) + '\n');
  if (input.pipeline) files.set('pipeline.json', JSON.stringify(input.pipeline, null, 2) + '\n');
  files.set('splits.arrow', splitsArrow(input.splitResults));
  files.set('splits.csv', splitsCsv(input.splitResults));
  if (input.paired) files.set('paired.json', JSON.stringify(input.paired, null, 2) + '\n');
  const tables =
    input.tables ??
    defaultTables(
      groups.map((g) => ({ label: g.label, rows: g.rows })),
      input.paired ? groups.map((g) => ({ label: g.label, rows: g.paired })) : [],
      input.oddCellReasons ? { reasons: input.oddCellReasons } : {},
    );
  const lead = leadMarkdown(input);
  const tablesMd = tablesMarkdown(input.title, tables, lead);
  files.set('tables.md', tablesMd);
  plots.forEach((p, i) => {
    files.set(`${p.name}.svg`, p.svg);
    files.set(`${p.name}.png`, pngs[i]!);
  });
  const links = [...files.keys()];
  if (input.manifest) links.push('manifest.json');
  const body = [
    ...(input.notes ?? []).map((n) => `<p>${escapeHtml(n)}</p>`),
    markdownToHtml(lead.join('\n')),
    linkList(links),
    ...plots.map(
      (p) =>
        `<h2>${escapeHtml(plotHeading(p.name))}</h2>\n<figure>\n${p.svg.trim()}\n<figcaption><a href="${escapeHtml(p.name)}.png">PNG</a> · <a href="${escapeHtml(p.name)}.svg">SVG</a></figcaption>\n</figure>`,
    ),
    markdownToHtml(tablesMarkdown('', tables).replace(/^# .*\n/, '')),
    ...(input.manifest ? [manifestHtml(input.manifest)] : []),
  ];
  files.set('index.html', htmlPage(input.title, body.join('\n')));
  if (input.fingerprint !== undefined) files.set('fingerprint.json', input.fingerprint);
  return files;
}

/** "frontier" → "Risk–utility frontier"; "frontier-x" → "Risk–utility frontier — x". */
function plotHeading(name: string): string {
  if (name === 'frontier') return 'Risk–utility frontier';
  return name.startsWith('frontier-') ? `Risk–utility frontier — ${name.slice('frontier-'.length)}` : name;
}

/**
 * A report's files (as reportFiles gives them) as they are made, each hashed as it goes: first
 * those ready, then each PNG once rendered, then its marker (listing them and manifest.json) and
 * manifest.json (with the SHA-256 of every other file, in the report's order), whose outputs and
 * own hash go to `done`. A writer takes the files ready while the PNGs render (carb calibrate's
 * frontier: ~20 ms of hashing and writing no longer after it).
 */
async function* reportFolderEntries(
  input: ReportInput,
  pending: ReadonlyMap<string, PendingData>,
  done: (written: WrittenReport) => void,
): AsyncGenerator<readonly [string, string | Uint8Array]> {
  const hashes = new Map<string, string>();
  const hashed = (name: string, data: string | Uint8Array) => {
    hashes.set(name, sha256(data));
    return [name, data] as const;
  };
  for (const [name, data] of pending) if (!(data instanceof Promise)) yield hashed(name, data);
  for (const [name, data] of pending) if (data instanceof Promise) yield hashed(name, await data);
  const names = folderNames(input, pending);
  // the marker lists every name but its own
  yield hashed(OUTPUT_MARKER, outputMarkerText(REPORT_RULE.kind, names));
  const outputs = Object.fromEntries(names.filter((name) => hashes.has(name)).map((name) => [name, hashes.get(name)!]));
  if (!input.manifest) {
    done({ outputs });
    return;
  }
  const text = JSON.stringify({ ...input.manifest, outputs }, null, 2) + '\n';
  done({ outputs, manifestHash: sha256(text) });
  yield ['manifest.json', text];
}

/** A report folder's files in the report's order: reportFiles's, the marker, manifest.json (when there is one). */
function folderNames(input: ReportInput, pending: ReadonlyMap<string, PendingData>): string[] {
  return [...pending.keys(), OUTPUT_MARKER, ...(input.manifest ? ['manifest.json'] : [])];
}

/** reportFolderEntries at once, in the report's order (folderNames). */
async function reportFolderFiles(
  input: ReportInput,
  pending: ReadonlyMap<string, PendingData>,
): Promise<{ files: Map<string, string | Uint8Array>; written: WrittenReport }> {
  let written: WrittenReport | null = null;
  const made = new Map<string, string | Uint8Array>();
  for await (const [name, data] of reportFolderEntries(input, pending, (w) => (written = w))) made.set(name, data);
  return { files: new Map(folderNames(input, pending).map((name) => [name, made.get(name)!])), written: written! };
}

/**
 * Writes one report directory: summary.json, splits.arrow, splits.csv, paired.json
 * (when given), tables.md, <plot>.svg/.png, index.html, the carb output marker and
 * manifest.json with the SHA-256 of every other file. No timestamps: the same input gives
 * byte-identical files. The folder is replaced whole under the output-folder rule
 * (REPORT_RULE, writeOutputFolder in @carb/io): an interrupted run leaves the previous
 * report as it was; a folder carb did not write is refused.
 */
export async function writeReport(dir: string, input: ReportInput): Promise<WrittenReport> {
  let written: WrittenReport | null = null;
  await writeOutputFolder(
    dir,
    REPORT_RULE,
    reportFolderEntries(input, reportFiles(input), (w) => (written = w)),
  );
  return written!;
}

/** One corpus of a multi-corpus run: written to `<dir>/<slug>/`. */
export interface ReportSection {
  slug: string;
  input: ReportInput;
}

/** Top-level manifest of a multi-corpus run. */
export interface SectionsManifest {
  carbVersion: string;
  command: { argv: string[] };
  /** Section slug → its pipeline hash (each corpus has its own digest, hence its own hash). */
  sections: Record<string, string | null>;
  /**
   * Every file carb main wrote: its top files (index.html, tables.md, .carb-output.json) and each
   * section's (`slug/file`, section manifests and markers included); nothing else in the folder.
   */
  outputs: Record<string, string>;
}

/**
 * Writes a multi-corpus report into `dir`, touching only what it writes: one report folder
 * per section (`<slug>/`, each with its own manifest.json, so it verifies on its own, and
 * each replaced whole like {@link writeReport}), then, each replaced atomically, the top
 * tables.md (cross-corpus tables, e.g. Table 8 over cohorts), index.html linking the
 * sections, the top marker (kind report-sections, listing the top files) and manifest.json
 * covering the top files and every section file. Anything else in `dir` (other carb outputs,
 * the user's files) is left alone; a section folder or top file carb did not write is
 * refused before anything is written.
 */
export async function writeReportSections(
  dir: string,
  input: {
    title: string;
    sections: ReportSection[];
    tables?: Record<string, string>;
    notes?: string[];
    command?: { carbVersion: string; argv: string[] };
  },
): Promise<WrittenReport> {
  const slugs = new Set<string>();
  const all = new Map<string, string | Uint8Array>();
  const folders: Array<[string, Map<string, string | Uint8Array>]> = [];
  for (const s of input.sections) {
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(s.slug) || slugs.has(s.slug)) {
      throw new Error(`report: section "${s.slug}": expected a unique slug of letters, digits, ".", "_" or "-"`);
    }
    slugs.add(s.slug);
  }
  // every section's PNGs render while the sections' other files are made
  const pending = input.sections.map((s) => reportFiles(s.input));
  for (const [k, s] of input.sections.entries()) {
    const { files } = await reportFolderFiles(s.input, pending[k]!);
    folders.push([s.slug, files]);
    for (const [f, data] of files) all.set(`${s.slug}/${f}`, data);
  }
  const tablesMd = input.tables ? tablesMarkdown(input.title, input.tables) : undefined;
  if (tablesMd) all.set('tables.md', tablesMd);
  const sectionList = input.sections.map((s) => {
    const hash = s.input.manifest ? ` · pipeline <span class="hash">${escapeHtml(s.input.manifest.pipelineHash.slice(0, 16))}</span>` : '';
    const plot = s.input.plots?.[0]?.name ?? 'frontier';
    const deploy = s.input.deploy
      ? deploySummaryLine(s.input.deploy)
          .map((l) => `\n<p>${escapeHtml(l)} — <a href="${escapeHtml(s.slug)}/deploy.json">deploy.json</a></p>`)
          .join('')
      : '';
    return `<h2><a href="${escapeHtml(s.slug)}/index.html">${escapeHtml(s.input.title)}</a></h2>\n<p><a href="${escapeHtml(s.slug)}/index.html">report</a> · <a href="${escapeHtml(s.slug)}/tables.md">tables.md</a> · <a href="${escapeHtml(s.slug)}/summary.json">summary.json</a>${hash}</p>${deploy}\n<p><img src="${escapeHtml(s.slug)}/${escapeHtml(plot)}.svg" alt="${escapeHtml(s.input.title)} frontier" width="960"></p>`;
  });
  const body = [
    ...(input.notes ?? []).map((n) => `<p>${escapeHtml(n)}</p>`),
    ...(tablesMd || input.command ? [linkList([...(tablesMd ? ['tables.md'] : []), ...(input.command ? ['manifest.json'] : [])])] : []),
    ...sectionList,
    ...(tablesMd ? [markdownToHtml(tablesMd.replace(/^# .*\n/, ''))] : []),
  ];
  all.set('index.html', htmlPage(input.title, body.join('\n')));
  const top = ['index.html', ...(tablesMd ? ['tables.md'] : []), ...(input.command ? ['manifest.json'] : [])];
  all.set(OUTPUT_MARKER, outputMarkerText(SECTIONS_KIND, top));
  const outputs = Object.fromEntries(
    [...all].map(([f, data]): [string, string] => [f, sha256(data)]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  let manifestText: string | undefined;
  if (input.command) {
    const manifest: SectionsManifest = {
      carbVersion: input.command.carbVersion,
      command: { argv: input.command.argv },
      sections: Object.fromEntries(input.sections.map((s) => [s.slug, s.input.manifest?.pipelineHash ?? null])),
      outputs,
    };
    manifestText = JSON.stringify(manifest, null, 2) + '\n';
  }
  const release = lockOutput(dir);
  try {
    const problem = sectionsTargetProblem(dir, [...slugs]);
    if (problem) throw new Error(problem);
    for (const [slug, files] of folders) await writeOutputFolder(join(dir, slug), REPORT_RULE, files);
    // the marker first (it claims the top files), the manifest, which covers everything, last
    writeFileAtomic(join(dir, OUTPUT_MARKER), all.get(OUTPUT_MARKER)!);
    for (const f of ['tables.md', 'index.html']) if (all.has(f)) writeFileAtomic(join(dir, f), all.get(f)!);
    if (manifestText) writeFileAtomic(join(dir, 'manifest.json'), manifestText);
  } finally {
    release();
  }
  const manifestHash = manifestText ? sha256(manifestText) : undefined;
  return manifestHash ? { outputs, manifestHash } : { outputs };
}
