// Moved to @carb/deploy (the deploy folder's check needs it below the CLI); kept so importers need not change at once.
import { readManifestFile } from '@carb/deploy';

export { readManifestFile };
export type { RecordedManifest } from '@carb/deploy';
