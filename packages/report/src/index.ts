export type { PairedDiff, LabeledRows } from './types.ts';
export { toFixedEven, fmtDecimal, fmtMetric, fmtThreshold, fmtSigned, fmtAlpha, fmtCount, roundFixed, roundFixedText } from './format.ts';
export { renderMarkdownTable, parseMarkdownTable, type MdTable, type Align } from './markdown.ts';
export { METHOD_ORDER, methodLabel, compareMethods } from './methods.ts';
export { DEFAULT_ALPHAS } from './tableUtil.ts';
export { table4 } from './table4.ts';
export { table5 } from './table5.ts';
export { table6 } from './table6.ts';
export { table7 } from './table7.ts';
export { table8 } from './table8.ts';
export { summaryTable } from './summaryTable.ts';
export { defaultTables, type DefaultTablesOptions } from './defaultTables.ts';
export { deployMarkdown, deploySummaryLine, type Folds } from './deploySection.ts';
export { guaranteeSentence } from './guarantee.ts';
export { reportGroups, rowKey, type ReportGroup } from './groups.ts';
export { definitionsMarkdown } from './definitions.ts';
export { corpusMarkdown } from './corpusSection.ts';
export { oddCellNotes } from './oddCells.ts';
export { frontierSvg, methodColor, type FrontierOptions } from './frontier.ts';
export { svgToPng } from './png.ts';
export { startPngRenderer } from './pngThread.ts';
export { summaryJson, SUMMARY_KEYS } from './summaryJson.ts';
export { splitsArrow, splitsCsv, SPLIT_COLUMNS } from './splits.ts';
export { markdownToHtml, htmlPage } from './html.ts';
export { makeManifest, type Manifest, type ManifestInput } from './manifest.ts';
export { REPORT_RULE, SECTIONS_KIND, SECTIONS_TOP_FILES, reportTargetProblem, sectionsTargetProblem } from './target.ts';
export {
  writeReport,
  writeReportSections,
  startPlotRenders,
  type ReportInput,
  type CorpusStats,
  type ReportSection,
  type Plot,
  type WrittenReport,
  type SectionsManifest,
} from './write.ts';
export { degenerateDeployment, type DeploymentFacts } from './degenerateDeployment.ts';
