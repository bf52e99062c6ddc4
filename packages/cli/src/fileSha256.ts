// Moved to @carb/io (the deploy folder's check needs it below the CLI); kept so importers need not change at once.
import { fileSha256, sha256Hex } from '@carb/io';

export { fileSha256, sha256Hex };
