import type { EpisodeSource } from '@carb/episodes';

/** Source fields `--by` may stratify on (kept apart from the replay code so `--help` stays light). */
export const STRATUM_FIELDS = [
  'model',
  'suite',
  'attack',
  'userTask',
  'injectionTask',
  'format',
] as const satisfies readonly (keyof EpisodeSource)[];
export type StratumField = (typeof STRATUM_FIELDS)[number];
