// Kept for gate/ until it moves to @carb/deploy (issue 27, helper F): readManifestFile lives in @carb/jobs.
import { readManifestFile, type RecordedManifest } from '@carb/jobs';

export { readManifestFile, type RecordedManifest };
