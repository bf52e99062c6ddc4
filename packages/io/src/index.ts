export { writeFileAtomic } from './atomic.ts';
export { progress, type Progress } from './progress.ts';
export { dictionaryColumn } from './dictionaryColumn.ts';
