export { writeFileAtomic } from './atomic.ts';
export { progress, type Progress } from './progress.ts';
