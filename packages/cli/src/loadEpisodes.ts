// Kept for gate/ and commands/{gate,explain}.run.ts until they move to @carb/deploy (issue 27, helper F): loadEpisodes lives in @carb/jobs.
import { loadEpisodes } from '@carb/jobs';

export { loadEpisodes };
