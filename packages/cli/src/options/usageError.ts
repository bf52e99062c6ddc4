// The class lives in @carb/io so the library packages (a deploy row not found) throw the very one main() tells apart.
// An import (not `export … from`): the build points it at the one module, not @carb/io's whole index.
import { UsageError, badValue } from '@carb/io';

export { UsageError, badValue };
