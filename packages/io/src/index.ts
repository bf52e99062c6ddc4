export { writeFileAtomic } from './atomic.ts';
export { writeDirAtomic, type DirEntries, type WriteDirOptions } from './atomicDir.ts';
export { progress, type Progress } from './progress.ts';
export { dictionaryColumn } from './dictionaryColumn.ts';
export { canonicalJson } from './canonicalJson.ts';
export { schemaIssues, describeValue } from './schemaIssues.ts';
export { closestName } from './closestName.ts';
export { seededRandom, type Rng } from './seededRandom.ts';
export { carbPath } from './carbPath.ts';
