import { workerData } from 'node:worker_threads';
import { drawClaimedRows, type SharedShuffleWork } from './shuffleRows.ts';

// a thread of shuffleRows: it draws the rows it claims, then ends
drawClaimedRows(workerData as SharedShuffleWork);
