import { eligibleForCalibration, streamCorpus, type CorpusFormat } from '@carb/episodes';
import { countTools, sortedCounts } from '@carb/deploy';

/**
 * Tool → calls over the usable episodes of a corpus calibrate has read already (the
 * fingerprint's vocabulary): a second streamed read, quiet, since the first one reported
 * every problem and refused what it had to.
 */
export async function toolVocabulary(paths: string[], load: { format: CorpusFormat; includeAborted: boolean }): Promise<Record<string, number>> {
  const counts = new Map<string, number>();
  for await (const batch of streamCorpus(paths, { format: load.format })) {
    for (const e of batch) if (load.includeAborted || eligibleForCalibration(e)) countTools(e, counts);
  }
  return sortedCounts(counts);
}
